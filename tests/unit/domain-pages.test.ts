import { describe, expect, it } from "vitest";
import {
  environmentFromHost,
  linkTarget,
  openLink,
  pageKind,
  pageViewName,
  safeRedirect,
} from "../../src/domain/index.js";

describe("page kinds and page-view names for every route (spec §2)", () => {
  it.each([
    ["/home", "home", "Home"],
    ["/home/detail/25-min-core", "home details pane", "Title"],
    ["/classes", "classes", "Classes"],
    ["/classes?favorites=true", "favorites", "Title"],
    ["/classes?from=all_time_stats", "classes", "Classes"],
    ["/classes/categories/cardio-burn", "classes", "Classes"],
    ["/classes/detail/25-min-core", "classes details pane", "Title"],
    ["/classes/categories/cardio-burn/detail/25-min-core", "classes details pane", "Title"],
    ["/classes/video/25-min-core", "video player", "Title"],
    ["/series", "series home", "Series Home"],
    ["/series/all-series", "all series", "All Series"],
    ["/series/phase-and-function-PHF0921", "series details", "Series"],
    ["/series/phase-and-function-PHF0921/detail/25-min-core", "series details pane", "Title"],
    ["/locations", "locations", "Title"],
    ["/locations/chicago", "locations", "Title"],
    ["/live", "live", "Live"],
    ["/live/booked-classes", "booked classes", "Booked Classes"],
    ["/calendars", "calendars", "Title"],
    ["/calendars/30-day-reset", "calendar details", "Calendar Details"],
    ["/calendars/30-day-reset/detail/25-min-core", "calendar details side pane", "Calendar Details"],
    ["/workout-history", "workout history", "Workout History"],
    ["/workout-history/detail/25-min-core", "workout history details pane", "Title"],
    ["/onboarding", "onboarding", "Title"],
    ["/welcome", "welcome", "Welcome page"],
    ["/account", "account", "Account"],
    ["/account/membership", "account membership", "Account Membership"],
    ["/account/membership/manage", "account membership", "Account Membership"],
    ["/account/membership/billing-address", "account membership", "Account Membership"],
    ["/account/settings", "account settings", "Account Settings"],
    ["/account/subscriptions", "account subscription", "Account Subscription"],
    ["/signup", "sign up", "Title"],
    ["/continue", "login", "Title"],
    ["/login", "login", "Title"],
    ["/logout", "logout", "Title"],
    ["/challenge/fall-2022", "other", "Title"],
  ])("%s is %s, viewed as %s", (path, kind, name) => {
    expect(pageKind(path)).toBe(kind);
    expect(pageViewName(path, "Title")).toBe(name);
  });
});

describe("redirect safety (spec §5)", () => {
  it.each([
    ["/classes?x=1", "/classes?x=1"],
    ["https://app.fitkit.dev/home", "https://app.fitkit.dev/home"],
    ["https://fitkit.dev/", "https://fitkit.dev/"],
    ["https://shop.staging.fitkit.dev/x", "https://shop.staging.fitkit.dev/x"],
    ["http://localhost:5173/home", "http://localhost:5173/home"],
    ["https://evil.com/fitkit.dev", "/"],
    ["https://fitkit.dev.evil.com/", "/"],
    ["https://evilfitkit.dev/", "/"],
    ["//evil.com/x", "/"],
    ["/\\evil.com", "/"],
    ["javascript:alert(1)", "/"],
    ["not a url", "/"],
  ])("%s → %s", (target, result) => expect(safeRedirect(target, "fitkit.dev")).toBe(result));
  it.each([[""], ["   "], [null], [undefined]])("does not follow an empty target (%s)", (target) =>
    expect(safeRedirect(target, "fitkit.dev")).toBeNull(),
  );
});

describe("environment from the host name (spec §9)", () => {
  it.each([
    ["app.fitkit.dev", "production"],
    ["www.fitkit.dev", "production"],
    ["App.Staging.Fitkit.dev", "staging"],
    ["app.qa.fitkit.dev:8443", "qa"],
    ["fitkit.dev", "dev"],
    ["localhost:8080", "dev"],
    ["127.0.0.1", "dev"],
    ["[::1]:8080", "dev"],
    ["", "dev"],
  ])("%s → %s", (host, env) => expect(environmentFromHost(host)).toBe(env));
  it("falls back to the deployment's own environment when the host names none", () => {
    expect(environmentFromHost("localhost:8080", "staging")).toBe("staging");
    expect(environmentFromHost("app.qa.fitkit.dev", "staging")).toBe("qa");
  });
});

describe("link modes (spec §7)", () => {
  it("opens new tabs and 600×400 windows without opener or referrer", () => {
    expect(linkTarget("sameTab")).toBeNull();
    expect(linkTarget("newTab")).toEqual({ target: "_blank", features: "noopener,noreferrer" });
    expect(linkTarget("newWindow")).toEqual({ target: "_blank", features: "width=600,height=400,noopener,noreferrer" });
  });
  it("navigates in place by default and opens otherwise", () => {
    const calls: unknown[][] = [];
    const win = {
      open: (...a: unknown[]) => (calls.push(["open", ...a]), null),
      location: { assign: (u: string) => calls.push(["assign", u]) },
    };
    openLink("/home", undefined, win as never);
    openLink("https://shop.fitkit.dev", "newWindow", win as never);
    expect(calls).toEqual([
      ["assign", "/home"],
      ["open", "https://shop.fitkit.dev", "_blank", "width=600,height=400,noopener,noreferrer"],
    ]);
  });
});
