import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/**
 * Every route of the spec (§2) plus the sign-in family, in match order. One lazily loaded module per page so the
 * first paint only pays for the shell and the page it shows. Paths that open the workout detail pane
 * (`…/detail/{slug}`) render the page beneath with the same component, so it stays mounted (and scrolled) while the
 * pane is open; the shell draws the pane (see detail-pane.tsx).
 *
 * `access`: "member" pages send a signed-out visitor to /continue and back afterwards.
 */
export interface AppRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  /** Document title (and page-view name where the spec has no fixed one). */
  title: string;
  access?: "member";
  /** Query strings that make the page a member's own (the library's favorites and completed classes, spec §2). */
  memberQuery?: (query: URLSearchParams) => boolean;
}

/** `/classes?favorites=true` and `?from=all_time_stats` are the member's own lists: visitors sign in first. */
const personalLibrary = (q: URLSearchParams) =>
  q.get("favorites") === "true" || q.get("watched") === "true" || q.get("from") === "all_time_stats";

const Continue = lazy(() => import("./pages/auth/continue.js"));
const Signup = lazy(() => import("./pages/auth/signup.js"));
const ForgotPassword = lazy(() => import("./pages/auth/forgot-password.js"));
const ResetPassword = lazy(() => import("./pages/auth/reset-password.js"));
const Logout = lazy(() => import("./pages/auth/logout.js"));
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
const Join = lazy(() => import("./pages/account/join.js"));
const Subscriptions = lazy(() => import("./pages/account/subscriptions.js"));
const Root = lazy(() => import("./pages/misc/root.js"));

export const NotFound = lazy(() => import("./pages/misc/not-found.js"));

export const ROUTES: AppRoute[] = [
  { path: "/", page: Root, title: "fitkit" },
  { path: "/continue", page: Continue, title: "Log in" },
  { path: "/login", page: Continue, title: "Log in" },
  { path: "/signup", page: Signup, title: "Sign up" },
  { path: "/forgot-password", page: ForgotPassword, title: "Forgot password" },
  { path: "/reset-password", page: ResetPassword, title: "Reset password" },
  { path: "/logout", page: Logout, title: "Log out" },

  { path: "/home", page: Home, title: "Home" },
  { path: "/home/detail/:slug", page: Home, title: "Home" },

  { path: "/classes/video/:slug", page: Player, title: "Video player", access: "member" },
  { path: "/classes/manage-workouts", page: ManageWorkouts, title: "Manage workouts", access: "member" },
  { path: "/classes", page: Classes, title: "Classes", memberQuery: personalLibrary },
  { path: "/classes/detail/:slug", page: Classes, title: "Classes", memberQuery: personalLibrary },
  { path: "/classes/categories/:category", page: Classes, title: "Classes", memberQuery: personalLibrary },
  { path: "/classes/categories/:category/detail/:slug", page: Classes, title: "Classes", memberQuery: personalLibrary },

  { path: "/workout-history", page: History, title: "Workout History", access: "member" },
  { path: "/workout-history/detail", page: HistoryDetail, title: "Workout History Details", access: "member" },

  { path: "/series", page: SeriesHome, title: "Series" },
  { path: "/series/all-series", page: AllSeries, title: "All Series" },
  { path: "/series/:slug", page: SeriesDetail, title: "Series" },
  { path: "/series/:slug/detail/:workoutSlug", page: SeriesDetail, title: "Series" },

  { path: "/calendars", page: Calendars, title: "Calendars" },
  { path: "/calendars/:slug", page: CalendarDetail, title: "Calendar Details" },
  { path: "/calendars/:slug/detail/:workoutSlug", page: CalendarDetail, title: "Calendar Details" },

  { path: "/live", page: Live, title: "Live" },
  { path: "/live/booked-classes", page: BookedClasses, title: "Booked Classes", access: "member" },
  { path: "/live/book", page: BookClass, title: "Book a class", access: "member" },
  { path: "/locations", page: Locations, title: "Locations" },
  { path: "/locations/:slug", page: LocationDetail, title: "Locations" },

  { path: "/challenge", page: Challenge, title: "Challenge" },
  { path: "/challenge/:slug", page: Challenge, title: "Challenge" },

  { path: "/onboarding", page: Onboarding, title: "Onboarding", access: "member" },
  { path: "/welcome", page: Welcome, title: "Welcome", access: "member" },

  { path: "/account", page: Account, title: "Account", access: "member" },
  { path: "/account/settings", page: AccountSettings, title: "Account Settings", access: "member" },
  { path: "/account/membership", page: Membership, title: "Account Membership", access: "member" },
  { path: "/account/membership/manage", page: Membership, title: "Manage Membership", access: "member" },
  { path: "/account/membership/billing-address", page: Membership, title: "Billing Address", access: "member" },
  { path: "/account/membership/join", page: Join, title: "Become a member", access: "member" },
  { path: "/account/subscriptions", page: Subscriptions, title: "Account Subscription", access: "member" },
];

/** The route of a path and its parameters (first match wins), or undefined for the not-found page. */
export function matchRoute(pathname: string): { route: AppRoute; params: Record<string, string> } | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  for (const route of ROUTES) {
    const names: string[] = [];
    const pattern = new RegExp(`^${route.path.replace(/:(\w+)/g, (_, n: string) => (names.push(n), "([^/]+)"))}$`);
    const m = pattern.exec(clean);
    // Every name has its group, and a group with no `?` after it always matches.
    if (m) return { route, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) };
  }
  return undefined;
}

/** The workout a path's detail pane shows (`…/detail/{slug}`), and the path beneath it. */
export function paneOf(pathname: string): { slug: string; base: string } | undefined {
  const m = /^(\/home|\/classes(?:\/categories\/[^/]+)?|\/series\/[^/]+|\/calendars\/[^/]+)\/detail\/([^/]+)\/?$/.exec(
    pathname,
  );
  // Both groups are required: a match has them.
  return m && m[1] !== "/series/all-series" ? { base: m[1]!, slug: decodeURIComponent(m[2]!) } : undefined;
}
