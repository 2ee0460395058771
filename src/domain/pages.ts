/** Spec §2 page kinds recognised for analytics (plus "other" for paths outside the route list). */
export type PageKind =
  | "home"
  | "home details pane"
  | "classes"
  | "classes details pane"
  | "favorites"
  | "workout history"
  | "workout history details pane"
  | "live"
  | "locations"
  | "series home"
  | "all series"
  | "series details"
  | "series details pane"
  | "booked classes"
  | "account"
  | "account membership"
  | "account settings"
  | "account subscription"
  | "calendars"
  | "calendar details"
  | "calendar details side pane"
  | "video player"
  | "sign up"
  | "login"
  | "logout"
  | "onboarding"
  | "welcome"
  | "other";

const split = (path: string) => {
  const [pathname = "", search = ""] = path.split("?");
  return { parts: pathname.split("/").filter(Boolean), query: new URLSearchParams(search) };
};

/** The kind of page at a path (with its query), e.g. "/classes?favorites=true" → "favorites". */
export function pageKind(path: string): PageKind {
  const { parts: p, query } = split(path);
  const [a, b, c, d] = p;
  switch (a) {
    case "home":
      return b === "detail" ? "home details pane" : "home";
    case "classes":
      if (b === "video") return "video player";
      if (p.includes("detail")) return "classes details pane";
      return query.has("favorites") ? "favorites" : "classes";
    case "workout-history":
      return b === "detail" ? "workout history details pane" : "workout history";
    case "live":
      return b === "booked-classes" ? "booked classes" : "live";
    case "locations":
      return "locations";
    case "series":
      if (!b) return "series home";
      if (b === "all-series") return "all series";
      return c === "detail" && d ? "series details pane" : "series details";
    case "calendars":
      if (!b) return "calendars";
      return c === "detail" ? "calendar details side pane" : "calendar details";
    case "account":
      if (b === "membership") return "account membership";
      if (b === "settings") return "account settings";
      if (b === "subscriptions") return "account subscription";
      return b ? "other" : "account";
    case "signup":
      return "sign up";
    case "continue":
    case "login":
      return "login";
    case "logout":
    case "onboarding":
    case "welcome":
      return a;
    default:
      return "other";
  }
}

const NAMES: Partial<Record<PageKind, string>> = {
  home: "Home",
  "series home": "Series Home",
  "all series": "All Series",
  classes: "Classes",
  live: "Live",
  "booked classes": "Booked Classes",
  account: "Account",
  "account membership": "Account Membership",
  "account settings": "Account Settings",
  "account subscription": "Account Subscription",
  "workout history": "Workout History",
  welcome: "Welcome page",
  "series details": "Series",
  "calendar details": "Calendar Details",
  "calendar details side pane": "Calendar Details",
};

/** Spec §2 page-view name: the fixed names, "Calendar Details" for calendar paths, the page title otherwise. */
export const pageViewName = (path: string, title: string) => NAMES[pageKind(path)] ?? title;

/** Spec §2/§6: where the onboarding redirect never happens. */
export const ONBOARDING_EXCLUDED: readonly PageKind[] = [
  "welcome",
  "locations",
  "onboarding",
  "account",
  "account membership",
  "account settings",
  "account subscription",
];
/** Spec §6: where the referral widget never shows. */
export const REFERRAL_EXCLUDED: readonly PageKind[] = [
  "sign up",
  "login",
  "logout",
  "locations",
  "video player",
  "onboarding",
  "welcome",
];
