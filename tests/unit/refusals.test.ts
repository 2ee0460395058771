import { describe, expect, it } from "vitest";
import { refusalOf, translateRefusal } from "../../src/i18n/refusals.js";
import { refusalsEn, type RefusalKey } from "../../src/i18n/spec/refusals.js";
import { refusalsEs } from "../../src/i18n/spec/refusals.es-US.js";
import { refusalsFr } from "../../src/i18n/spec/refusals.fr-CA.js";
import { interpolate, type Params } from "../../src/i18n/translate-core.js";

/** A sentence as the server writes it: the catalogue's English with its values filled in. */
const sent = (key: RefusalKey, params: Params = {}) => interpolate(refusalsEn[key], params);

describe("matching the server's refusals back to their key", () => {
  it("finds every sentence of the catalogue, without values or with them", () => {
    const values: Partial<Record<RefusalKey, Params>> = {
      "refusal.bookingOpens": { opens: "Thursday, December 3, 6:00 AM CST", count: "14" },
      "refusal.openBookingsLimit": { count: "2", location: "Chicago (West Loop)" },
      "refusal.waitingAtSameTime": { classType: "Strength & Sculpt: 45 min. (advanced)" },
    };
    for (const key of Object.keys(refusalsEn) as RefusalKey[])
      expect(refusalOf(sent(key, values[key]))).toEqual({ key, params: values[key] ?? {} });
  });

  it("says a refusal in a translation with the server's values", () => {
    const limit = "You can hold at most 1 open bookings and waitlist places at Chicago. Cancel one to book another.";
    expect(refusalOf(limit)?.params).toEqual({ count: "1", location: "Chicago" });
    expect(translateRefusal(limit, refusalsEs)).toBe(
      "Llegaste al máximo de reservaciones abiertas y lugares en listas de espera en Chicago (1). Cancela una para reservar otra.",
    );
    expect(translateRefusal(sent("refusal.waitingAtSameTime", { classType: "Barre Burn" }), refusalsFr)).toBe(
      "Vous êtes déjà sur la liste d’attente de Barre Burn à la même heure; quittez d’abord cette liste.",
    );
    expect(translateRefusal("Class full", refusalsEs)).toBeUndefined();
    expect(translateRefusal(sent("refusal.waitlistFull"), {})).toBeUndefined();
  });

  it("knows nothing of other messages, nor of a known sentence with more around it", () => {
    expect(refusalOf("Class full")).toBeUndefined();
    expect(refusalOf("")).toBeUndefined();
    expect(refusalOf("Note: The waitlist for this class is full.")).toBeUndefined();
    expect(refusalOf("The waitlist for this class is full. Try another day.")).toBeUndefined();
    // The dot is a dot, not any character.
    expect(refusalOf("The waitlist for this class is full!")).toBeUndefined();
  });
});
