import { renderToString } from "react-dom/server";
import { Router } from "wouter";
import { describe, expect, it } from "vitest";
import { ROUTES, useRouteMatch, type RouteMatch } from "../../host/app/routes.js";
import { afterSignIn, redirectTarget, signInFor, withReturn } from "../../host/app/lib/redirect.js";
import { removeLeftoverTokenCookies } from "../../src/auth/cookies.js";

/** Spec §2's route list, with an example for each parameter. */
const SPEC_ROUTES = [
  "/signup",
  "/continue",
  "/logout",
  "/account",
  "/home",
  "/home/detail/w-1",
  "/classes",
  "/classes/categories/cardio-burn",
  "/classes/detail/w-1",
  "/classes/video/w-1",
  "/series",
  "/series/all-series",
  "/series/phase-and-function-PHF0921",
  "/series/phase-and-function-PHF0921/detail/w-1",
  "/locations",
  "/locations/chicago",
  "/live",
  "/live/booked-classes",
  "/calendars",
  "/calendars/c-1",
  "/calendars/c-1/detail/w-1",
  "/workout-history",
  "/workout-history/detail",
  "/onboarding",
  "/welcome",
  "/account/membership",
  "/account/membership/manage",
  "/account/membership/billing-address",
  "/account/settings",
  "/account/subscriptions",
];

/** What the app's router makes of a path (wouter's location and parser, as the shell and the route layer see it). */
function matchRoute(path: string): RouteMatch {
  let found: RouteMatch | undefined;
  function Probe() {
    found = useRouteMatch();
    return null;
  }
  renderToString(
    <Router ssrPath={path}>
      <Probe />
    </Router>,
  );
  return found!;
}

describe("hosted app routes", () => {
  it("has a page for every route of the spec", () => {
    for (const path of SPEC_ROUTES) expect(matchRoute(path).route, path).toBeDefined();
  });

  it("answers no route for unknown paths (the not-found page)", () => {
    expect(matchRoute("/nope").route).toBeUndefined();
    expect(matchRoute("/classes/detail").route).toBeUndefined();
    expect(matchRoute("/home/elsewhere").route).toBeUndefined();
  });

  it("reads route parameters, decoded", () => {
    expect(matchRoute("/classes/categories/cardio%20burn").params).toMatchObject({ category: "cardio burn" });
    expect(matchRoute("/series/s-1/detail/w-2").params).toMatchObject({ slug: "s-1", workoutSlug: "w-2" });
  });

  it("draws the pane over the same page component as the page beneath, so that page stays mounted", () => {
    expect(matchRoute("/home/detail/w-1").route!.page).toBe(matchRoute("/home").route!.page);
    expect(matchRoute("/classes/categories/x/detail/w-1").route!.page).toBe(matchRoute("/classes").route!.page);
  });

  it("finds the detail pane and the path beneath it", () => {
    expect(matchRoute("/home/detail/w-1").pane).toEqual({ base: "/home", slug: "w-1" });
    expect(matchRoute("/classes/categories/cardio/detail/w-1").pane).toEqual({
      base: "/classes/categories/cardio",
      slug: "w-1",
    });
    expect(matchRoute("/series/s-1/detail/w-2").pane).toEqual({ base: "/series/s-1", slug: "w-2" });
    expect(matchRoute("/calendars/c-1/detail/w-1").pane).toEqual({ base: "/calendars/c-1", slug: "w-1" });
    expect(matchRoute("/workout-history/detail").pane).toBeUndefined();
    expect(matchRoute("/classes").pane).toBeUndefined();
  });

  it("asks for sign-in on member pages only", () => {
    const member = ROUTES.filter((r) => r.access === "member").map((r) => r.path);
    expect(member).toEqual(
      expect.arrayContaining([
        "/account",
        "/classes/video/:slug",
        "/workout-history",
        "/live/booked-classes",
        "/live/book",
      ]),
    );
    expect(member).not.toEqual(expect.arrayContaining(["/home"]));
    expect(member).not.toContain("/classes");
  });

  it("drops the header and footer only on the player and the booking popup", () => {
    expect(ROUTES.filter((r) => r.chrome === false).map((r) => r.path)).toEqual(["/classes/video/:slug", "/live/book"]);
    expect(matchRoute("/classes/video/w-1").route?.chrome).toBe(false);
  });

  it("never sends to onboarding from the sign-in family, the booking popup, the studio staff area or the console", () => {
    const exempt = ROUTES.filter((r) => r.onboarding === false).map((r) => r.path);
    // Every console page is staff work, whatever the console grows to.
    const consolePages = ROUTES.map((r) => r.path).filter((path) => path === "/admin" || path.startsWith("/admin/"));
    expect(consolePages.length).toBeGreaterThan(5);
    expect(exempt).toEqual(expect.arrayContaining(consolePages));
    expect(exempt.filter((path) => !consolePages.includes(path)).sort()).toEqual([
      "/account-deleted",
      "/continue",
      "/forgot-password",
      "/live/book",
      "/login",
      "/logout",
      "/reset-password",
      "/signup",
      "/studio",
      "/studio/classes/:id",
      "/studio/numbers",
      "/studio/settings",
    ]);
  });
});

describe("redirect parameters", () => {
  it("follows relative targets and the product's own hosts, never other sites", () => {
    expect(redirectTarget("?redirect=%2Faccount%3Fx%3D1")).toBe("/account?x=1");
    expect(redirectTarget("?returnTo=%2Fseries")).toBe("/series");
    expect(redirectTarget(`?redirect=${encodeURIComponent("https://evil.example.com/x")}`)).toBe("/");
    expect(redirectTarget(`?redirect=${encodeURIComponent("//evil.example.com/x")}`)).toBe("/");
    expect(redirectTarget("?redirect=")).toBeNull();
    expect(redirectTarget("")).toBeNull();
  });

  it("lands on /home without a target, and turns same-origin URLs into paths", () => {
    expect(afterSignIn("")).toBe("/home");
    expect(afterSignIn(`?redirect=${encodeURIComponent(`${location.origin}/live?day=2`)}`)).toBe("/live?day=2");
  });

  it("carries the redirect along between the sign-in pages", () => {
    expect(withReturn("/signup", "?redirect=%2Faccount", { email: "a@b.co" })).toBe(
      "/signup?email=a%40b.co&redirect=%2Faccount",
    );
    expect(withReturn("/continue", "")).toBe("/continue");
    expect(signInFor("/classes/video/w-1?t=1")).toBe("/continue?redirect=%2Fclasses%2Fvideo%2Fw-1%3Ft%3D1");
  });
});

describe("leftover token cookies", () => {
  it("removes refresh and id token cookies and keeps the others", () => {
    const jar = new Map([
      ["refresh", "r"],
      ["id", "i"],
      ["CognitoIdentityServiceProvider.abc.user.refreshToken", "x"],
      ["theme", "dark"],
    ]);
    const doc = {
      get cookie() {
        return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
      },
      set cookie(value: string) {
        const [pair = ""] = value.split(";");
        const [name = ""] = pair.split("=");
        if (/Max-Age=0/.test(value)) jar.delete(name.trim());
      },
    };
    removeLeftoverTokenCookies(doc);
    expect([...jar.keys()]).toEqual(["theme"]);
  });
});
