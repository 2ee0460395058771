import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import "../../widgets/live-schedule/define.js";
import { writeTokens } from "../../src/auth/index.js";
import { createStore, memoryStorage, type Store } from "../../src/store/index.js";
import type { Resource } from "../../src/store/resource.js";
import { crossOrigin, fakeJwt, startTestServer, type TestServer } from "./core-http-server.js";
import { FakeSource } from "./fake-event-source.js";

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
/** A full class a day ahead whose waitlist has room (the instants are relative, so any day and zone shows it). */
function fullClass(
  waitlist: { count: number; position: number | null; entry_id: string | null } = {
    count: 2,
    position: null,
    entry_id: null,
  },
) {
  const start = Math.floor(Date.now() / HOUR) * HOUR + 26 * HOUR;
  return {
    id: "c-full",
    type: "Barre Burn",
    description: "Barre",
    duration: 45,
    start_date: new Date(start).toISOString(),
    end_date: new Date(start + 0.75 * HOUR).toISOString(),
    trainer_name: "Ana",
    trainer_image_url: null,
    zoom_link: null,
    capacity: 10,
    spots_left: 0,
    class_full: true,
    waitlist: { ...waitlist, capacity: 10, open: true },
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

/** The error body of a refusal: its sentence, and the code and values when the server names the rule. */
type Refused = { message: string; code?: string; values?: Record<string, string | number> };

/** `<fit-live-schedule>` in a language, showing the full class, whose waitlist join the server refuses. */
async function refusedJoin(lang: string, refused: Refused) {
  route("GET", "/studios/class", (_req, res) => json(res, 200, { items: [fullClass()], total: 1 }));
  route("GET", "/studios/reservation", (_req, res) => json(res, 200, { items: [] }));
  route("GET", "/studios/live-classes/stream", (_req, res) =>
    json(res, 503, { statusCode: 503, message: "", error: "" }),
  );
  route("POST", "/studios/class/c-full/waitlist", (_req, res) =>
    json(res, 400, { statusCode: 400, error: "Bad Request", code: "validation", ...refused }),
  );
  const el = document.createElement("fit-live-schedule") as HTMLElement & { store?: unknown };
  el.store = memberStore();
  el.setAttribute("lang", lang);
  document.body.append(el);
  const root = el.shadowRoot!;
  const join = await vi.waitFor(
    () => {
      const found = root.querySelector<HTMLButtonElement>("button[part~=waitlist]");
      if (!found) throw new Error(`no Join waitlist button in: ${root.textContent}`);
      return found;
    },
    { timeout: 5000, interval: 20 },
  );
  const label = join.textContent.trim();
  join.click();
  const alert = await vi.waitFor(
    () => {
      const found = root.querySelector('[role="alert"]')?.textContent;
      if (!found) throw new Error("no alert yet");
      return found;
    },
    { timeout: 5000, interval: 20 },
  );
  return { label, alert };
}

describe("<fit-live-schedule>'s waitlist refused by the server", () => {
  it("says the refusal in the widget's language", async () => {
    expect(
      await refusedJoin("es-US", { message: "The waitlist for this class is full.", code: "waitlist_full" }),
    ).toEqual({
      label: "Unirme a la lista de espera",
      alert: "La lista de espera de esta clase está llena.",
    });
  });

  it("fills a translated refusal with the server's values", async () => {
    const { alert } = await refusedJoin("fr-CA", {
      message: "You can hold at most 3 open bookings and waitlist places at Chicago. Cancel one to book another.",
      code: "open_bookings_limit",
      values: { count: 3, location: "Chicago" },
    });
    expect(alert).toBe(
      "Vous avez atteint le maximum de réservations ouvertes et de places en liste d’attente à Chicago (3). Annulez-en une pour en réserver une autre.",
    );
  });

  it("shows a message it does not know as the server sent it, and English as sent", async () => {
    expect((await refusedJoin("es-US", { message: "Something new went wrong." })).alert).toBe(
      "Something new went wrong.",
    );
    document.body.innerHTML = "";
    server.reset();
    expect(
      await refusedJoin("en-US", { message: "The waitlist for this class is full.", code: "waitlist_full" }),
    ).toEqual({
      label: "Join waitlist",
      alert: "The waitlist for this class is full.",
    });
  });
});

describe("<fit-live-schedule> while the member waits for a full class", () => {
  /**
   * The member waits for the full class; someone cancels and the waitlist books them. With `readInFlight`, a read of
   * their bookings (another widget's) left before the change and answers after it, with the bookings from before.
   */
  async function promotedWhileOpen({ readInFlight }: { readInFlight: boolean }) {
    FakeSource.all = [];
    vi.stubGlobal("EventSource", FakeSource);
    let promoted = false;
    let holdNext = false;
    let held: (() => void) | undefined;
    const waiting = { count: 1, position: 1, entry_id: "e1" };
    const after = { count: 0, position: null, entry_id: null };
    route("GET", "/studios/class", (_req, res) =>
      json(res, 200, { items: [fullClass(promoted ? after : waiting)], total: 1 }),
    );
    route("GET", "/studios/reservation", (_req, res) => {
      const body = {
        items: promoted
          ? [{ id: "r1", status: "pending", class_data: fullClass(after), late_cancel: false, from_waitlist: true }]
          : [],
      };
      if (!holdNext) return json(res, 200, body);
      holdNext = false;
      held = () => json(res, 200, body);
    });
    const el = document.createElement("fit-live-schedule") as HTMLElement & { store?: unknown };
    const store = memberStore();
    el.store = store;
    document.body.append(el);
    const root = el.shadowRoot!;
    const text = () => root.textContent.replace(/\s+/g, " ");
    const soon = { timeout: 5000, interval: 20 };
    await vi.waitFor(() => expect(text()).toContain("1st on the waitlist"), soon);
    // The first reads are answered: the change below comes after them, as it does on a page open for a while.
    const { reservations } = (store as unknown as { live: { reservations: Resource<unknown> } }).live;
    await vi.waitFor(
      () => expect([reservations.fulfilled.peek(), reservations.loading.peek()]).toEqual([true, false]),
      soon,
    );
    const stream = await vi.waitFor(() => {
      const found = FakeSource.all.at(-1);
      if (!found) throw new Error("no stream yet");
      return found;
    }, soon);
    stream.open();
    if (readInFlight) {
      holdNext = true;
      void reservations.reload();
      await vi.waitFor(() => expect(held).toBeDefined(), soon);
    }

    // Someone cancels: the waitlist books this member. The public stream carries only the counts.
    promoted = true;
    const change = {
      id: "c-full",
      location_id: "chicago",
      booked: 10,
      capacity: 10,
      waitlisted: 0,
      cancelled: false,
      spots_left: 0,
      class_full: true,
    };
    stream.fire("spots", { data: JSON.stringify(change), lastEventId: "1" });
    held?.();
    await vi.waitFor(() => expect(text()).toContain("A spot opened: you’re booked into Barre Burn."), soon);
    // Told because the member's bookings were fetched before the classes: the schedule still remembered the wait.
    expect(text()).toContain("You’re in!");
    expect(text()).not.toContain("1st on the waitlist");
  }

  it(
    "shows the booking the waitlist gave them when the class's spots change, without a reload",
    { timeout: 20_000 },
    () => promotedWhileOpen({ readInFlight: false }),
  );
  it(
    "shows it too when a read of their bookings was already on its way with the answer from before",
    { timeout: 20_000 },
    () => promotedWhileOpen({ readInFlight: true }),
  );
});
