import { afterEach, describe, expect, it } from "vitest";
import { en } from "../../src/i18n/index.js";
import { setCatalogue } from "../../src/i18n/translate.js";
import { loadCatalogue } from "../../src/i18n/app/catalogues.js";
import { ApiError } from "../../src/api/index.js";
import { membershipStart } from "../../src/domain/index.js";
import { failureMessage } from "../../host/app/pages/studio/studio-frame.js";
import { hoursOf, minutesOf } from "../../host/app/pages/studio/settings.js";
import { onboardingNext } from "../../host/app/lib/onboarding.js";

/** Issue 32's walk through the hosted app: the rules behind what the journeys in tests/e2e/app-walk.test.ts show. */
afterEach(() => setCatalogue("en-US", en));

const refusal = ({
  message,
  code,
  values,
}: {
  message: string;
  code: string;
  values?: Record<string, string | number>;
}) => new ApiError("POST", "/studio-admin/v1/x", 400, { statusCode: 400, error: "Bad Request", message, code, values });

describe("the studio's refusals naming values, in the desk's language", () => {
  const overlap = {
    message:
      "This class overlaps Cardio Burn at 09:30 (45 min, Monday, Tuesday) in Main studio: choose another time or room.",
    code: "class_overlaps",
    values: { classType: "Cardio Burn", time: "09:30", minutes: 45, room: "Main studio" },
  };
  const capacity = {
    message: "capacity cannot be below the 3 members already booked: cancel bookings first or choose at least 3.",
    code: "capacity_below_booked",
    values: { count: 3 },
  };
  it("reads the values back into a Spanish sentence", async () => {
    setCatalogue("es-US", await loadCatalogue("es-US"));
    expect(failureMessage(refusal(overlap))).toBe(
      "Esta clase se superpone con Cardio Burn a las 09:30 (45 min) en Main studio: elige otro horario u otra sala.",
    );
    expect(failureMessage(refusal(capacity))).toBe(
      "El cupo no puede ser menor que los 3 miembros ya reservados: cancela reservas primero o elige al menos 3.",
    );
  });
  it("and into French", async () => {
    setCatalogue("fr-CA", await loadCatalogue("fr-CA"));
    expect(failureMessage(refusal(capacity))).toMatch(/^La capacité ne peut pas être inférieure aux 3 membres/);
  });
  it("keeps an unknown refusal as the server wrote it", () =>
    expect(failureMessage(refusal({ message: "Something new.", code: "validation" }))).toBe("Something new."));
});

describe("the booking policy's cutoffs in hours (stored in minutes)", () => {
  it("shows minutes as hours", () => {
    expect(hoursOf(720)).toBe("12");
    expect(hoursOf(90)).toBe("1.5");
    expect(hoursOf(0)).toBe("0");
    expect(hoursOf(50)).toBe("0.83");
  });
  it("reads hours typed with a point or a comma back into whole minutes", () => {
    expect(minutesOf("12", 0, 168)).toBe(720);
    expect(minutesOf("1.5", 0, 168)).toBe(90);
    expect(minutesOf("1,5", 0, 168)).toBe(90);
    expect(minutesOf(hoursOf(50), 0, 168)).toBe(50);
  });
  it("refuses what is not a number of hours in range", () => {
    for (const raw of ["", "-1", "169", "abc", "1.5.2", "12h"]) expect(minutesOf(raw, 0, 168), raw).toBeNull();
  });
});

describe("the quiz's way back to the page asked for", () => {
  it("follows a path on this site", () =>
    expect(onboardingNext("next=%2Flive%3Flocation%3Dchicago")).toBe("/live?location=chicago"));
  it("ignores another site, a protocol-relative address and nothing", () => {
    expect(onboardingNext("next=https%3A%2F%2Fevil.example")).toBeNull();
    expect(onboardingNext("next=%2F%2Fevil.example")).toBeNull();
    expect(onboardingNext("next=%2F%5Cevil.example")).toBeNull();
    expect(onboardingNext("")).toBeNull();
  });
});

describe("a signed-in non-member's way to a membership", () => {
  const here = "https://app.fitkit.dev/home";
  it("starts at choosing a plan (the account exists), not at sign-up", () =>
    expect(membershipStart(null, undefined, here, true).href).toBe("https://app.fitkit.dev/account/membership/join"));
  it("a visitor still signs up first; an external store wins for both", () => {
    expect(membershipStart(null, undefined, here).href).toBe(
      "https://app.fitkit.dev/signup?redirect=%2Faccount%2Fmembership%2Fjoin",
    );
    expect(membershipStart("https://shop.example/join", undefined, here, true)).toEqual({
      href: "https://shop.example/join",
      newTab: true,
    });
  });
});
