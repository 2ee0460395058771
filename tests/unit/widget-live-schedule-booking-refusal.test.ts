import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import "../../widgets/live-schedule/define.js";
import { writeTokens } from "../../src/auth/index.js";
import { createStore, memoryStorage, type Store } from "../../src/store/index.js";
import { crossOrigin, fakeJwt, startTestServer, type TestServer } from "./core-http-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  server.reset();
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});
afterAll(() => server.close());

// The schedule runs in a page of another origin than the test server: answers carry CORS headers, preflights pass.
const { json, route } = crossOrigin(() => server, "GET, POST");

const HOUR = 3_600_000;
/** A class a day ahead with spots left (the instants are relative, so any day and zone shows it). */
function openClass() {
  const start = Math.floor(Date.now() / HOUR) * HOUR + 26 * HOUR;
  return {
    id: "c-open",
    type: "Barre Burn",
    description: "Barre",
    duration: 45,
    start_date: new Date(start).toISOString(),
    end_date: new Date(start + 0.75 * HOUR).toISOString(),
    trainer_name: "Ana",
    trainer_image_url: null,
    zoom_link: null,
    capacity: 10,
    spots_left: 6,
    class_full: false,
    waitlist: { count: 0, position: null, entry_id: null, capacity: 10, open: false },
    policy: {
      booking_opens_at: new Date(start - 14 * 24 * HOUR).toISOString(),
      free_cancel_until: new Date(start - 12 * HOUR).toISOString(),
      auto_book_cutoff_minutes: 120,
    },
  };
}

/** A signed-in member's store against the test server. */
function memberStore(): Store<unknown, unknown> {
  const storage = memoryStorage();
  writeTokens(storage, { access: fakeJwt(Math.floor(Date.now() / 1000) + 600), id: "", refresh: "r" });
  return createStore({ apiBase: server.url, storage, lock: (t) => t(), retryDelay: () => 5 });
}

/** The error body of a refusal: its sentence, and the code and values naming the rule. */
type Refused = { message: string; code: string; values?: Record<string, string | number> };

/** `<fit-live-schedule>` in a language, showing a class with spots, whose booking the server refuses. */
async function refusedReserve(lang: string, status: number, refused: Refused) {
  route("GET", "/studios/class", (_req, res) => json(res, 200, { items: [openClass()], total: 1 }));
  route("GET", "/studios/reservation", (_req, res) => json(res, 200, { items: [] }));
  route("GET", "/studios/live-classes/stream", (_req, res) =>
    json(res, 503, { statusCode: 503, message: "", error: "" }),
  );
  route("POST", "/studios/reservation/", (_req, res) =>
    json(res, status, { statusCode: status, error: status === 403 ? "Forbidden" : "Bad Request", ...refused }),
  );
  const el = document.createElement("fit-live-schedule") as HTMLElement & { store?: unknown };
  el.store = memberStore();
  el.setAttribute("lang", lang);
  document.body.append(el);
  const root = el.shadowRoot!;
  const reserve = await vi.waitFor(
    () => {
      const found = root.querySelector<HTMLButtonElement>("button[part~=reserve]");
      if (!found) throw new Error(`no Reserve button in: ${root.textContent}`);
      return found;
    },
    { timeout: 15_000, interval: 20 },
  );
  reserve.click();
  return vi.waitFor(
    () => {
      const found = root.querySelector('[role="alert"]')?.textContent;
      if (!found) throw new Error("no alert yet");
      return found;
    },
    { timeout: 15_000, interval: 20 },
  );
}

const MEMBERSHIP = {
  message: "Booking live classes is part of a membership. Start or renew yours to book.",
  code: "membership_required",
};

describe("<fit-live-schedule>'s booking refused by the server (issue 33: who may book)", () => {
  it("says why in the widget's language: a membership is needed, or the open-bookings limit is reached", async () => {
    expect(await refusedReserve("es-US", 403, MEMBERSHIP)).toBe(
      "Reservar clases en vivo es parte de la membresía. Inicia o renueva la tuya para reservar.",
    );
    document.body.innerHTML = "";
    server.reset();
    expect(
      await refusedReserve("fr-CA", 400, {
        message: "You can hold at most 10 open bookings and waitlist places at Chicago. Cancel one to book another.",
        code: "open_bookings_limit",
        values: { count: 10, location: "Chicago" },
      }),
    ).toBe(
      "Vous avez atteint le maximum de réservations ouvertes et de places en liste d’attente à Chicago (10). Annulez-en une pour en réserver une autre.",
    );
    document.body.innerHTML = "";
    server.reset();
    expect(await refusedReserve("en-US", 403, MEMBERSHIP)).toBe(MEMBERSHIP.message);
  });

  it("keeps the spec's wording for a refusal that names no rule", async () => {
    expect(await refusedReserve("en-US", 400, { message: "Class full", code: "class_full" })).toBe(
      "Your reservation could not be completed. Please try again.",
    );
  });
});
