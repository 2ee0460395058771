import { describe, expect, it } from "vitest";
import { refusalOf, translateRefusal } from "../../src/i18n/refusals.js";
import { refusalCodes, refusalsEn, type RefusalKey } from "../../src/i18n/spec/refusals.js";
import { refusalsEs } from "../../src/i18n/spec/refusals.es-US.js";
import { refusalsFr } from "../../src/i18n/spec/refusals.fr-CA.js";
import { interpolate, type Params } from "../../src/i18n/translate-core.js";

/** An error body as the server answers a refusal: the English sentence, its code and the values it names. */
const sent = (key: RefusalKey, values: Params = {}, shown: Params = values) => ({
  statusCode: 400,
  error: "Bad Request",
  message: interpolate(refusalsEn[key], shown),
  code: refusalCodes[key],
  ...(Object.keys(values).length > 0 && { values }),
});

describe("saying the server's refusals by their code", () => {
  it("gives every refusal a distinct code and finds each one's key and values", () => {
    const codes = Object.values(refusalCodes);
    expect(new Set(codes).size).toBe(codes.length);
    const values: Partial<Record<RefusalKey, Params>> = {
      "refusal.openBookingsLimit": { count: 2, location: "Chicago (West Loop)" },
      "refusal.waitingAtSameTime": { classType: "Strength & Sculpt: 45 min. (advanced)" },
    };
    for (const key of Object.keys(refusalsEn) as RefusalKey[])
      expect(refusalOf(sent(key, values[key]), "en-US")).toEqual({ key, params: values[key] ?? {} });
  });

  it("says a refusal in a translation with the server's values, the opening of booking in the reader's language", () => {
    const limit = sent("refusal.openBookingsLimit", { count: 1, location: "Chicago" });
    expect(translateRefusal(limit, refusalsEs, "es-US")).toBe(
      "Llegaste al máximo de reservaciones abiertas y lugares en listas de espera en Chicago (1). Cancela una para reservar otra.",
    );
    expect(translateRefusal(sent("refusal.waitingAtSameTime", { classType: "Barre Burn" }), refusalsFr, "fr-CA")).toBe(
      "Vous êtes déjà sur la liste d’attente de Barre Burn à la même heure; quittez d’abord cette liste.",
    );
    // 12:00 UTC on Thursday 3 December 2026 is 6:00 in Chicago: written out in the class's zone, in each language.
    const opens = sent(
      "refusal.bookingOpens",
      { opens: "2026-12-03T12:00:00.000Z", zone: "America/Chicago", count: 14 },
      { opens: "Thursday, December 3, 6:00 AM CST", count: 14 },
    );
    expect(opens.message).toBe(
      "Booking for this class opens Thursday, December 3, 6:00 AM CST (14 days before it starts).",
    );
    const es = translateRefusal(opens, refusalsEs, "es-US")!;
    expect(es).toMatch(/^Podrás reservar esta clase a partir de: jueves, 3 de diciembre/);
    expect(es).toMatch(/6:00\sa\.\s?m\./);
    expect(es).toContain("(14 día(s) antes de que empiece)");
    expect(es).not.toMatch(/Thursday|December|AM/);
    const fr = translateRefusal(opens, refusalsFr, "fr-CA")!;
    expect(fr).toMatch(/^Les réservations pour ce cours ouvrent : jeudi 3 décembre/);
    expect(fr).toMatch(/6\sh\s00/);
    expect(fr).not.toMatch(/Thursday|December|AM/);
  });

  it("knows nothing of answers without a member refusal's code, whatever their sentence", () => {
    expect(
      refusalOf({ statusCode: 400, message: "Class full", error: "Bad Request", code: "class_full" }, "es-US"),
    ).toBeUndefined();
    expect(refusalOf({ message: refusalsEn["refusal.waitlistFull"] }, "es-US")).toBeUndefined();
    expect(refusalOf(undefined, "es-US")).toBeUndefined();
    expect(refusalOf("The waitlist for this class is full.", "es-US")).toBeUndefined();
    expect(translateRefusal(sent("refusal.waitlistFull"), {}, "es-US")).toBeUndefined();
  });
});
