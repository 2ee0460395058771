import { lazy, useMemo, type ComponentType, type LazyExoticComponent } from "react";
import { matchRoute, Route, Switch, useLocation, useRouter, type DefaultParams, type Parser } from "wouter";
import { PageView } from "./layout/page-view.js";
import type { MessageKey } from "../../src/i18n/index.js";

/**
 * Every route of the spec (§2) plus the sign-in family, in match order (wouter's patterns: `:name` is one segment).
 * One lazily loaded module per page so the first paint only pays for the shell and the page it shows. Paths that open
 * the workout detail pane (`…/detail/{slug}`) draw the page beneath with the same component, so it stays mounted (and
 * scrolled) while the pane is open, and name the parameter holding the workout in `pane`.
 */
export interface AppRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  /** Document title's key (its English text is the page-view name where the spec has no fixed one). */
  title: MessageKey;
  /** "member" pages send a signed-out visitor to /continue and back afterwards. */
  access?: "member";
  /** Query strings that make the page a member's own (the library's favorites and completed classes, spec §2). */
  memberQuery?: (query: URLSearchParams) => boolean;
  /** The parameter naming the workout whose detail pane opens over the page. */
  pane?: string;
  /** false: the page draws its own full-bleed chrome (the player) or is a popup (booking): no header or footer. */
  chrome?: false;
  /**
   * false: never sent to onboarding from here: the sign-in family (the "Account created" step must show) and the
   * booking popup (a hand-off to another site that must finish), the studio staff area (staff at work, not members
   * training); the member's next page in the app applies the rule.
   */
  onboarding?: false;
}

/** `/classes?favorites=true` and `?from=all_time_stats` are the member's own lists: visitors sign in first. */
const personalLibrary = (q: URLSearchParams) =>
  q.get("favorites") === "true" || q.get("watched") === "true" || q.get("from") === "all_time_stats";

const Continue = lazy(() => import("./pages/auth/continue.js"));
const Signup = lazy(() => import("./pages/auth/signup.js"));
const ForgotPassword = lazy(() => import("./pages/auth/forgot-password.js"));
const ResetPassword = lazy(() => import("./pages/auth/reset-password.js"));
const Logout = lazy(() => import("./pages/auth/logout.js"));
const AccountDeleted = lazy(() => import("./pages/auth/account-deleted.js"));
const Home = lazy(() => import("./pages/home/home.js"));
const Classes = lazy(() => import("./pages/classes/classes.js"));
const ManageWorkouts = lazy(() => import("./pages/classes/manage-workouts.js"));
const Player = lazy(() => import("./pages/player/player-page.js"));
const History = lazy(() => import("./pages/history/history.js"));
const HistoryDetail = lazy(() => import("./pages/history/history-detail.js"));
const SeriesHome = lazy(() => import("./pages/series/series-home.js"));
const AllSeries = lazy(() => import("./pages/series/all-series.js"));
const SeriesDetail = lazy(() => import("./pages/series/series-detail.js"));
const Calendars = lazy(() => import("./pages/calendars/calendars.js"));
const CalendarDetail = lazy(() => import("./pages/calendars/calendar-detail.js"));
const Live = lazy(() => import("./pages/live/live.js"));
const BookedClasses = lazy(() => import("./pages/live/booked-classes.js"));
const BookClass = lazy(() => import("./pages/live/book-class.js"));
const Locations = lazy(() => import("./pages/locations/locations.js"));
const LocationDetail = lazy(() => import("./pages/locations/location-detail.js"));
const Challenge = lazy(() => import("./pages/challenge/challenge.js"));
const Onboarding = lazy(() => import("./pages/onboarding/onboarding.js"));
const Welcome = lazy(() => import("./pages/onboarding/welcome.js"));
const Account = lazy(() => import("./pages/account/account.js"));
const AccountSettings = lazy(() => import("./pages/account/settings.js"));
const Membership = lazy(() => import("./pages/account/membership.js"));
const ConfirmPayment = lazy(() => import("./pages/account/confirm-payment.js"));
const Join = lazy(() => import("./pages/account/join.js"));
const Subscriptions = lazy(() => import("./pages/account/subscriptions.js"));
const Root = lazy(() => import("./pages/misc/root.js"));
const StudioWeek = lazy(() => import("./pages/studio/week.js"));
const StudioRoster = lazy(() => import("./pages/studio/roster.js"));
const StudioNumbers = lazy(() => import("./pages/studio/numbers.js"));
const StudioSettings = lazy(() => import("./pages/studio/settings.js"));
const ConsoleWorkouts = lazy(() => import("./pages/admin/workouts.js"));
const ConsoleWorkout = lazy(() => import("./pages/admin/workout-edit.js"));
const ConsolePeople = lazy(() => import("./pages/admin/people.js"));
const ConsoleMembers = lazy(() => import("./pages/admin/members.js"));
const ConsoleMember = lazy(() => import("./pages/admin/member.js"));
const ConsoleAudit = lazy(() => import("./pages/admin/audit.js"));
const ConsoleTrainers = lazy(() => import("./pages/admin/trainers.js"));
const ConsoleCollections = lazy(() => import("./pages/admin/collections.js"));
const ConsoleSeriesList = lazy(() => import("./pages/admin/series.js"));
const ConsoleSeries = lazy(() => import("./pages/admin/series-edit.js"));
const ConsoleBanners = lazy(() => import("./pages/admin/banners.js"));
const ConsoleCalendars = lazy(() => import("./pages/admin/calendars.js"));
const ConsoleCalendar = lazy(() => import("./pages/admin/calendar-edit.js"));
const ConsoleHome = lazy(() => import("./pages/admin/home-content.js"));
const ConsoleCopy = lazy(() => import("./pages/admin/site-copy.js"));
const ConsoleMemberPayments = lazy(() => import("./pages/admin/member-payments.js"));
const ConsoleNumbers = lazy(() => import("./pages/admin/numbers.js"));
const ConsoleCatalogue = lazy(() => import("./pages/admin/catalogue-transfer.js"));
const ConsoleProducts = lazy(() => import("./pages/admin/products.js"));
const ConsolePromoCodes = lazy(() => import("./pages/admin/promo-codes.js"));

const Embed = lazy(() => import("./pages/embed/embed.js"));
const NotFound = lazy(() => import("./pages/misc/not-found.js"));

export const ROUTES: AppRoute[] = [
  { path: "/", page: Root, title: "routes.fitkit" },
  { path: "/continue", page: Continue, title: "routes.logIn", onboarding: false },
  { path: "/login", page: Continue, title: "routes.logIn", onboarding: false },
  { path: "/signup", page: Signup, title: "routes.signUp", onboarding: false },
  { path: "/forgot-password", page: ForgotPassword, title: "routes.forgotPassword", onboarding: false },
  { path: "/reset-password", page: ResetPassword, title: "routes.resetPassword", onboarding: false },
  { path: "/logout", page: Logout, title: "routes.logOut", onboarding: false },
  { path: "/account-deleted", page: AccountDeleted, title: "routes.accountDeleted", onboarding: false },

  { path: "/home", page: Home, title: "routes.home" },
  { path: "/home/detail/:slug", page: Home, title: "routes.home", pane: "slug" },

  { path: "/classes/video/:slug", page: Player, title: "routes.videoPlayer", access: "member", chrome: false },
  { path: "/classes/manage-workouts", page: ManageWorkouts, title: "routes.manageWorkouts", access: "member" },
  { path: "/classes", page: Classes, title: "routes.classes", memberQuery: personalLibrary },
  { path: "/classes/detail/:slug", page: Classes, title: "routes.classes", memberQuery: personalLibrary, pane: "slug" },
  { path: "/classes/categories/:category", page: Classes, title: "routes.classes", memberQuery: personalLibrary },
  {
    path: "/classes/categories/:category/detail/:slug",
    page: Classes,
    title: "routes.classes",
    memberQuery: personalLibrary,
    pane: "slug",
  },

  { path: "/workout-history", page: History, title: "routes.workoutHistory", access: "member" },
  { path: "/workout-history/detail", page: HistoryDetail, title: "routes.workoutHistoryDetails", access: "member" },

  { path: "/series", page: SeriesHome, title: "routes.series" },
  { path: "/series/all-series", page: AllSeries, title: "routes.allSeries" },
  { path: "/series/:slug", page: SeriesDetail, title: "routes.series" },
  { path: "/series/:slug/detail/:workoutSlug", page: SeriesDetail, title: "routes.series", pane: "workoutSlug" },

  { path: "/calendars", page: Calendars, title: "routes.calendars" },
  { path: "/calendars/:slug", page: CalendarDetail, title: "routes.calendarDetails" },
  {
    path: "/calendars/:slug/detail/:workoutSlug",
    page: CalendarDetail,
    title: "routes.calendarDetails",
    pane: "workoutSlug",
  },

  { path: "/live", page: Live, title: "routes.live" },
  { path: "/live/booked-classes", page: BookedClasses, title: "routes.bookedClasses", access: "member" },
  {
    path: "/live/book",
    page: BookClass,
    title: "routes.bookAClass",
    access: "member",
    chrome: false,
    onboarding: false,
  },
  { path: "/locations", page: Locations, title: "routes.locations" },
  { path: "/locations/:slug", page: LocationDetail, title: "routes.locations" },
  { path: "/embed", page: Embed, title: "routes.embed" },

  { path: "/challenge", page: Challenge, title: "routes.challenge" },
  { path: "/challenge/:slug", page: Challenge, title: "routes.challenge" },

  { path: "/onboarding", page: Onboarding, title: "routes.onboarding", access: "member" },
  { path: "/welcome", page: Welcome, title: "routes.welcome", access: "member" },

  { path: "/account", page: Account, title: "routes.account", access: "member" },
  { path: "/account/settings", page: AccountSettings, title: "routes.accountSettings", access: "member" },
  { path: "/account/membership", page: Membership, title: "routes.accountMembership", access: "member" },
  { path: "/account/membership/manage", page: Membership, title: "routes.manageMembership", access: "member" },
  { path: "/account/membership/billing-address", page: Membership, title: "routes.billingAddress", access: "member" },
  { path: "/account/membership/pause", page: Membership, title: "routes.pauseMembership", access: "member" },
  { path: "/account/membership/confirm", page: ConfirmPayment, title: "routes.confirmPayment", access: "member" },
  { path: "/account/membership/join", page: Join, title: "routes.becomeAMember", access: "member" },
  { path: "/account/subscriptions", page: Subscriptions, title: "routes.accountSubscription", access: "member" },

  // The studio staff area (issue 18): signed-in members only; the pages refuse members who are not staff.
  { path: "/studio", page: StudioWeek, title: "routes.studio", access: "member", onboarding: false },
  {
    path: "/studio/classes/:id",
    page: StudioRoster,
    title: "routes.studioRoster",
    access: "member",
    onboarding: false,
  },
  { path: "/studio/numbers", page: StudioNumbers, title: "routes.studioNumbers", access: "member", onboarding: false },
  {
    path: "/studio/settings",
    page: StudioSettings,
    title: "routes.studioSettings",
    access: "member",
    onboarding: false,
  },

  // The operator console: signed-in members only; the pages refuse members without a company role.
  { path: "/admin", page: ConsoleWorkouts, title: "routes.admin", access: "member", onboarding: false },
  {
    path: "/admin/workouts/new",
    page: ConsoleWorkout,
    title: "routes.adminNewWorkout",
    access: "member",
    onboarding: false,
  },
  {
    path: "/admin/workouts/:id",
    page: ConsoleWorkout,
    title: "routes.adminWorkout",
    access: "member",
    onboarding: false,
  },
  { path: "/admin/people", page: ConsolePeople, title: "routes.adminPeople", access: "member", onboarding: false },
  { path: "/admin/audit", page: ConsoleAudit, title: "routes.adminAudit", access: "member", onboarding: false },
  { path: "/admin/members", page: ConsoleMembers, title: "routes.adminMembers", access: "member", onboarding: false },
  { path: "/admin/members/:id", page: ConsoleMember, title: "routes.adminMember", access: "member", onboarding: false },
  {
    path: "/admin/members/:id/payments",
    page: ConsoleMemberPayments,
    title: "routes.adminPayments",
    access: "member",
    onboarding: false,
  },
  {
    path: "/admin/trainers",
    page: ConsoleTrainers,
    title: "routes.adminTrainers",
    access: "member",
    onboarding: false,
  },
  {
    path: "/admin/collections",
    page: ConsoleCollections,
    title: "routes.adminCollections",
    access: "member",
    onboarding: false,
  },
  { path: "/admin/series", page: ConsoleSeriesList, title: "routes.adminSeries", access: "member", onboarding: false },
  {
    path: "/admin/series/new",
    page: ConsoleSeries,
    title: "routes.adminSeriesEdit",
    access: "member",
    onboarding: false,
  },
  {
    path: "/admin/series/:id",
    page: ConsoleSeries,
    title: "routes.adminSeriesEdit",
    access: "member",
    onboarding: false,
  },
  { path: "/admin/banners", page: ConsoleBanners, title: "routes.adminBanners", access: "member", onboarding: false },
  {
    path: "/admin/calendars",
    page: ConsoleCalendars,
    title: "routes.adminCalendars",
    access: "member",
    onboarding: false,
  },
  {
    path: "/admin/calendars/new",
    page: ConsoleCalendar,
    title: "routes.adminCalendars",
    access: "member",
    onboarding: false,
  },
  {
    path: "/admin/calendars/:id",
    page: ConsoleCalendar,
    title: "routes.adminCalendars",
    access: "member",
    onboarding: false,
  },
  { path: "/admin/home", page: ConsoleHome, title: "routes.adminHome", access: "member", onboarding: false },
  { path: "/admin/copy", page: ConsoleCopy, title: "routes.adminCopy", access: "member", onboarding: false },
  {
    path: "/admin/catalogue",
    page: ConsoleCatalogue,
    title: "routes.adminCatalogue",
    access: "member",
    onboarding: false,
  },
  { path: "/admin/numbers", page: ConsoleNumbers, title: "routes.adminNumbers", access: "member", onboarding: false },
  {
    path: "/admin/products",
    page: ConsoleProducts,
    title: "routes.adminProducts",
    access: "member",
    onboarding: false,
  },
  {
    path: "/admin/promo-codes",
    page: ConsolePromoCodes,
    title: "routes.adminPromoCodes",
    access: "member",
    onboarding: false,
  },
];

/** What the current path opens: its route (first match wins, as in `PageRoutes`), parameters and detail pane. */
export interface RouteMatch {
  /** Undefined on the not-found page. */
  route?: AppRoute;
  params: DefaultParams;
  /** The workout of the detail pane open over the page, and the page's own path beneath it. */
  pane?: { slug: string; base: string };
}

/** The route of a path by wouter's matching with the router's parser, as `PageRoutes` picks it. */
function routeOf(path: string, parser: Parser): RouteMatch {
  for (const route of ROUTES) {
    const [matched, params] = matchRoute<DefaultParams>(parser, route.path, path);
    if (!matched) continue;
    const slug = route.pane && params[route.pane];
    return { route, params, pane: slug ? { slug, base: path.slice(0, path.lastIndexOf("/detail/")) } : undefined };
  }
  return { params: {} };
}

/** The current path's route, for what sits around the page: the session gate, the chrome, the detail pane. */
export function useRouteMatch(): RouteMatch {
  const [location] = useLocation();
  const { parser } = useRouter();
  return useMemo(() => routeOf(location, parser), [location, parser]);
}

/**
 * Routes drawing the same page share a key (the page's first path), so moving between them keeps that page mounted:
 * the detail pane opening over it, /continue and /login, the membership tabs (`<Switch>` renders only the matched one,
 * so the shared keys never meet).
 */
const pageKeys = new Map<AppRoute["page"], string>();
for (const r of ROUTES) if (!pageKeys.has(r.page)) pageKeys.set(r.page, r.path);

/**
 * The route layer: the page of the current path (wouter's `<Switch>`: first match wins) with its title and page view,
 * or the 404 page. Pages read their parameters with wouter's `useParams`.
 */
export function PageRoutes() {
  return (
    <Switch>
      {ROUTES.map((r) => (
        <Route key={pageKeys.get(r.page)} path={r.path}>
          <PageView title={r.title} />
          <r.page />
        </Route>
      ))}
      <Route>
        <PageView title="routes.pageNotFound" />
        <NotFound />
      </Route>
    </Switch>
  );
}
