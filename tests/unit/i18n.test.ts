import { describe, expect, it } from "vitest";
import {
  cancellationErrorMessage,
  en,
  interpolate,
  reservationErrorMessage,
  signUpErrorMessage,
  t,
} from "../../src/i18n/index.js";

const LOADING = "It looks like we are having trouble loading this page. Please try again in a few minutes.";

describe("copy catalogue", () => {
  it("fills placeholders and leaves unknown ones visible", () => {
    expect(t("confirm.leaveSeries", { series: "Phase & Function" })).toBe(
      "Are you sure you want to leave Phase & Function? Your progress will not be saved.",
    );
    expect(t("referral.member", { amount: 15 })).toBe("GIVE $15, GET $15");
    expect(interpolate("{a} and {b}", { a: 1 })).toBe("1 and {b}");
  });
  it("uses a translation when given, falling back to English per key", () => {
    expect(t("series.join", undefined, { ...en, "series.join": "Rejoindre" })).toBe("Rejoindre");
  });
  it("holds the spec's exact strings", () => {
    expect(t("error.page")).toBe("Uh-oh... Something went wrong on our end.");
    expect(t("error.couponInList", { code: "FALL" })).toBe("Invalid Promo Code FALL");
    expect(t("success.reserved")).toBe("You’re in!");
    expect(t("filter.equipment.additional")).toBe("Selected & additional equipment");
    expect(Object.values(en).every((v) => v.length > 0)).toBe(true);
  });
});

describe("status → message (spec §8)", () => {
  it.each([
    [400, "Your reservation could not be completed. Please try again."],
    [401, "We couldn’t find your reservation. Please try to log in and refresh the page."],
    [404, "We couldn’t find your reservation. Please try to log in and refresh the page."],
    [500, LOADING],
    [0, LOADING],
  ])("reservation %s", (status, message) => expect(reservationErrorMessage(status)).toBe(message));
  it.each([
    [400, "Your cancellation could not be completed. Please try again."],
    [401, "We couldn’t cancel your reservation. Please try to log in again and refresh the page."],
    [422, "We couldn’t cancel your reservation. Please try to log in again and refresh the page."],
    [404, "We couldn’t find your reservation..."],
    [500, LOADING],
  ])("cancellation %s", (status, message) => expect(cancellationErrorMessage(status)).toBe(message));
  it("sign-up: 400 with the server's detail, 500 the loading message, others with the code", () => {
    expect(signUpErrorMessage(400, "email must be an email")).toBe(
      "Your account could not be created. Please try again. email must be an email",
    );
    expect(signUpErrorMessage(400, ["a", "b"])).toBe("Your account could not be created. Please try again. a b");
    expect(signUpErrorMessage(500)).toBe(LOADING);
    expect(signUpErrorMessage(429)).toBe(`${LOADING} (429)`);
  });
});

describe("the widgets' slim catalogue", () => {
  it("holds the spec's copy, and the full catalogue extends it unchanged", async () => {
    const spec = await import("../../src/i18n/spec.js");
    expect(spec.t("confirm.cancelClass")).toBe(t("confirm.cancelClass"));
    for (const [key, value] of Object.entries(spec.specEn)) expect(en[key as keyof typeof en]).toBe(value);
    expect(spec.reservationErrorMessage(400)).toBe(reservationErrorMessage(400));
  });
});
