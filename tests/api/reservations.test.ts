import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { at as atTime, createClass, DAY, HOUR, MINUTE, signUpMember } from "./studios-fixtures.js";
import { icsHref } from "../../widgets/live-schedule/ics.js";

let t: TestApp;
let me: { email: string; password: string };
let token: string;
let other: string;
beforeAll(async () => {
  t = await startTestApp();
  const mine = await signUpMember(t);
  me = mine;
  token = mine.token;
  other = (await signUpMember(t)).token;
});
afterAll(() => t.close());

/** The clock at `instant`, with a token of `who` issued then. */
const at = <T>(instant: Date | number, fn: (token: string) => Promise<T>, who = me) => atTime(t, instant, who, fn);

const book = (classId: unknown, as = token) =>
  t.call("POST", "/studios/reservation/", { body: { class_id: classId }, token: as });
const cancel = (id: string, as = token) => t.call("POST", `/studios/reservation/${id}/cancel`, { token: as });
const checkIn = (id: string, as = token) => t.call("POST", `/studios/reservation/${id}/checkin/`, { token: as });
const upcoming = async (as = token, query = "") =>
  (await t.call("GET", `/studios/reservation${query}`, { token: as })).json().items as {
    id: string;
    status: string;
    class_data: { id: string };
  }[];

describe("booking", () => {
  it("books a class as pending and answers the reservation with its class", async () => {
    const cls = await createClass(t, { startsIn: DAY, capacity: 5 });
    const res = await book(cls.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: "pending", class_data: { id: cls.id, class_full: false, spots_left: 4 } });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(body.class_data.start_date)).toBe(cls.start.getTime());
    expect(Date.parse(body.class_data.end_date)).toBe(cls.end.getTime());
    expect((await upcoming()).map((r) => r.id)).toContain(body.id);
  });

  it("accepts the booking path without its trailing slash too", async () => {
    const cls = await createClass(t, { startsIn: DAY });
    const res = await t.call("POST", "/studios/reservation", { body: { class_id: cls.id }, token });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("pending");
  });

  it("refuses a second active reservation for the same class, and allows booking again after a cancellation", async () => {
    const cls = await createClass(t, { startsIn: DAY });
    const first = (await book(cls.id)).json();
    expectError(await book(cls.id), 400);
    expect((await cancel(first.id)).statusCode).toBe(200);
    const again = await book(cls.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).not.toBe(first.id);
  });

  it("answers 400 'Class full' when no spot is left, and marks the class full", async () => {
    const cls = await createClass(t, { startsIn: DAY, capacity: 1 });
    const first = await book(cls.id, other);
    expect(first.json().class_data).toMatchObject({ class_full: true, spots_left: 0 });
    const err = expectError(await book(cls.id), 400);
    expect(err.message).toBe("Class full");
  });

  it("frees the spot when a reservation is cancelled", async () => {
    const cls = await createClass(t, { startsIn: DAY, capacity: 1 });
    const held = (await book(cls.id, other)).json();
    expectError(await book(cls.id), 400);
    const cancelled = (await cancel(held.id, other)).json();
    expect(cancelled.class_data).toMatchObject({ class_full: false, spots_left: 1 });
    expect((await book(cls.id)).statusCode).toBe(200);
  });

  it("answers 404 for an unknown class", async () => {
    const err = expectError(await book("no-such-class"), 404);
    expect(err.message).toBe("Class not found");
  });

  it("refuses a class that has started or ended (400)", async () => {
    const started = await createClass(t, { startsIn: -5 * MINUTE });
    const past = await createClass(t, { startsIn: -2 * DAY });
    expectError(await book(started.id), 400);
    expectError(await book(past.id), 400);
  });

  it("refuses a class the studio cancelled (400)", async () => {
    const cls = await createClass(t, { startsIn: DAY });
    await t.db.updateTable("live_classes").set({ cancelled_at: t.clock.now() }).where("id", "=", cls.id).execute();
    const err = expectError(await book(cls.id), 400);
    expect(err.message).toMatch(/cancelled/);
  });

  it.each([
    [{}, "class_id should not be empty"],
    [{ class_id: "" }, "class_id should not be empty"],
    [{ class_id: 42 }, "class_id must be a string"],
    [{ class_id: "Bad Id!" }, undefined],
    [{ class_id: "x".repeat(200) }, "class_id must be shorter than or equal to 128 characters"],
    [{ class_id: "live-0600-daily-20261122", extra: 1 }, "property extra should not exist"],
  ])("rejects the malformed body %j with 400", async (body, message) => {
    const res = await t.call("POST", "/studios/reservation/", { body, token });
    const err = expectError(res, 400);
    if (message) expect([err.message].flat()).toContain(message);
  });

  it("needs a member (401)", async () => {
    const cls = await createClass(t, { startsIn: DAY });
    expectError(await t.call("POST", "/studios/reservation/", { body: { class_id: cls.id } }), 401);
    expectError(
      await t.call("POST", "/studios/reservation/", { body: { class_id: cls.id }, token: "not.a.token" }),
      401,
    );
  });
});

describe("cancelling", () => {
  it("cancels a pending reservation before the class starts", async () => {
    const cls = await createClass(t, { startsIn: 2 * HOUR });
    const r = (await book(cls.id)).json();
    const res = await cancel(r.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: r.id, status: "standard cancel" });
    expect((await upcoming()).map((x) => x.id)).not.toContain(r.id);
  });

  it("answers 400 when cancelling twice", async () => {
    const cls = await createClass(t, { startsIn: 2 * HOUR });
    const r = (await book(cls.id)).json();
    expect((await cancel(r.id)).statusCode).toBe(200);
    expectError(await cancel(r.id), 400);
  });

  it("answers 422 once the class has started", async () => {
    const cls = await createClass(t, { startsIn: HOUR });
    const r = (await book(cls.id)).json();
    await at(cls.start, async (tk) => expectError(await cancel(r.id, tk), 422));
    await at(cls.end.getTime() + HOUR, async (tk) => expectError(await cancel(r.id, tk), 422));
    expect((await cancel(r.id)).statusCode).toBe(200);
  });

  it("answers 400 for a reservation already checked in", async () => {
    const cls = await createClass(t, { startsIn: 10 * MINUTE });
    const r = (await book(cls.id)).json();
    expect((await checkIn(r.id)).statusCode).toBe(200);
    expectError(await cancel(r.id), 400);
  });

  it("answers 404 for another member's reservation and for an unknown one, 400 for a malformed id", async () => {
    const cls = await createClass(t, { startsIn: DAY });
    const r = (await book(cls.id, other)).json();
    expectError(await cancel(r.id), 404);
    expectError(await cancel("00000000-0000-4000-8000-000000000000"), 404);
    expectError(await cancel("not-an-id"), 400);
    expect((await upcoming(other)).map((x) => x.id)).toContain(r.id);
  });

  it("accepts the cancel path with a trailing slash and needs a member", async () => {
    const cls = await createClass(t, { startsIn: DAY });
    const r = (await book(cls.id)).json();
    expectError(await t.call("POST", `/studios/reservation/${r.id}/cancel`), 401);
    expect((await t.call("POST", `/studios/reservation/${r.id}/cancel/`, { token })).statusCode).toBe(200);
  });
});

describe("checking in", () => {
  it("is allowed from 15 minutes before start until the class ends", async () => {
    const cls = await createClass(t, { startsIn: 2 * HOUR, minutes: 30 });
    const r = (await book(cls.id)).json();
    await at(cls.start.getTime() - 15 * MINUTE - 1, async (tk) => expectError(await checkIn(r.id, tk), 400));
    await at(cls.start.getTime() - 15 * MINUTE, async (tk) => {
      const res = await checkIn(r.id, tk);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: r.id, status: "check in" });
      // Checking in again answers the same check-in.
      expect((await checkIn(r.id, tk)).json().status).toBe("check in");
    });
  });

  it("is refused once the class has ended", async () => {
    const cls = await createClass(t, { startsIn: HOUR, minutes: 30 });
    const r = (await book(cls.id)).json();
    await at(cls.end.getTime() - 1, async (tk) => expect((await checkIn(r.id, tk)).statusCode).toBe(200));
    const late = await createClass(t, { startsIn: HOUR, minutes: 30 });
    const r2 = (await book(late.id)).json();
    await at(late.end, async (tk) => expectError(await checkIn(r2.id, tk), 400));
  });

  it("is refused for a cancelled reservation (400), another member's or an unknown one (404), without a token (401)", async () => {
    const cls = await createClass(t, { startsIn: 5 * MINUTE });
    const mine = (await book(cls.id)).json();
    const theirs = (await book(cls.id, other)).json();
    expect((await cancel(mine.id)).statusCode).toBe(200);
    expectError(await checkIn(mine.id), 400);
    expectError(await checkIn(theirs.id), 404);
    expectError(await checkIn("00000000-0000-4000-8000-000000000000"), 404);
    expectError(await t.call("POST", `/studios/reservation/${theirs.id}/checkin/`), 401);
    expect((await t.call("POST", `/studios/reservation/${theirs.id}/checkin`, { token: other })).json().status).toBe(
      "check in",
    );
  });
});

describe("live class tracking", () => {
  it("counts a checked-in class as a live workout in stats and history; a booking alone does not", async () => {
    const member = await signUpMember(t);
    const stats = async () => (await t.call("GET", "/stats/v2/workouts", { token: member.token })).json().data.stats;
    const cls = await createClass(t, { startsIn: 10 * MINUTE, minutes: 45 });
    const r = (await book(cls.id, member.token)).json();
    expect((await stats()).total_lvs).toBe(0);
    expect((await checkIn(r.id, member.token)).statusCode).toBe(200);
    expect(await stats()).toMatchObject({ total_lvs: 1, total_on_demand: 0, total_completed: 1, total_minutes: 45 });
    const history = await t.call("GET", "/v2/workouts/history?includeLvs=true", { token: member.token });
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain(cls.id);
  });
});

describe("a class the studio cancelled", () => {
  it("cannot be checked in to (400), can still be cancelled, and leaves the upcoming list", async () => {
    const cls = await createClass(t, { startsIn: 10 * MINUTE });
    const mine = (await book(cls.id)).json();
    const theirs = (await book(cls.id, other)).json();
    await t.db.updateTable("live_classes").set({ cancelled_at: t.clock.now() }).where("id", "=", cls.id).execute();
    expectError(await checkIn(mine.id), 400);
    expect((await upcoming()).map((r) => r.id)).not.toContain(mine.id);
    expect((await cancel(theirs.id, other)).statusCode).toBe(200);
  });
});

describe("listing reservations", () => {
  it("lists upcoming reservations only: not cancelled, class not ended; history=true lists them all", async () => {
    const member = await signUpMember(t);
    const soon = await createClass(t, { startsIn: HOUR, minutes: 30 });
    const later = await createClass(t, { startsIn: 3 * DAY, location: "chicago" });
    const dropped = await createClass(t, { startsIn: 2 * DAY });
    const a = (await book(soon.id, member.token)).json();
    const b = (await book(later.id, member.token)).json();
    const c = (await book(dropped.id, member.token)).json();
    await cancel(c.id, member.token);

    const list = await t.call("GET", "/studios/reservation", { token: member.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((r: { id: string }) => r.id)).toEqual([a.id, b.id]);
    expect(list.json().items[0]).toMatchObject({ status: "pending", class_data: { id: soon.id, class_full: false } });
    expect(list.json().items[0].class_data).toHaveProperty("start_date");
    expect(list.json().items[0].class_data).toHaveProperty("end_date");

    const byLocation = await upcoming(member.token, "?location=chicago");
    expect(byLocation.map((r) => r.id)).toEqual([b.id]);

    await at(
      soon.end,
      async (tk) => {
        expect((await upcoming(tk)).map((r) => r.id)).toEqual([b.id]);
        const history = (await upcoming(tk, "?history=true")).map((r) => r.id);
        expect(history).toEqual([b.id, c.id, a.id]);
      },
      member,
    );
  });

  it("answers 400 for an unknown location, 401 without a token", async () => {
    expectError(await t.call("GET", "/studios/reservation?location=atlantis", { token }), 400);
    expectError(await t.call("GET", "/studios/reservation"), 401);
  });
});

describe("add to calendar", () => {
  it("answers an iCalendar event for the member's own reservation", async () => {
    const cls = await createClass(t, { startsIn: DAY, minutes: 50, location: "new-york" });
    const r = (await book(cls.id)).json();
    const res = await t.call("GET", `/studios/reservation/${r.id}/calendar.ics`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/calendar/);
    const ics = res.body;
    const compact = (d: Date) =>
      d
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics).toContain("BEGIN:VEVENT\r\n");
    // The class's UID, the one the schedule widget's "Add to calendar" writes too: adding it again updates one event.
    expect(ics).toContain(`UID:${cls.id}@fitkit\r\n`);
    const schedule = await t.call("GET", "/studios/class?location=new-york");
    const listed = schedule.json().items.find((c: { id: string }) => c.id === cls.id);
    const fromWidget = decodeURIComponent(icsHref(listed, "Strength & Sculpt", "https://app.example/live"));
    expect(fromWidget).toContain(`UID:${cls.id}@fitkit\r\n`);
    expect(ics).toContain(`DTSTART:${compact(cls.start)}\r\n`);
    expect(ics).toContain(`DTEND:${compact(cls.end)}\r\n`);
    expect(ics).toContain(`SUMMARY:Strength & Sculpt with ${cls.trainer.name}\r\n`);
    expect(ics).toContain("STATUS:CONFIRMED\r\n");
    expect(ics.trimEnd().endsWith("END:VEVENT\r\nEND:VCALENDAR")).toBe(true);
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toContain("Equipment: Mat\\, Light Weights");
    expect(unfolded).toContain("DESCRIPTION:A test class\\n50 min · New York\\n");
  });

  it("answers 404 for another member's reservation and 401 without a token", async () => {
    const cls = await createClass(t, { startsIn: DAY });
    const r = (await book(cls.id, other)).json();
    expectError(await t.call("GET", `/studios/reservation/${r.id}/calendar.ics`, { token }), 404);
    expectError(await t.call("GET", `/studios/reservation/${r.id}/calendar.ics`), 401);
  });
});

describe("the demo member", () => {
  it("has an upcoming booked class and an attended one", async () => {
    const { token: demo } = await t.signIn("member@demo.fitkit.dev");
    const items = await upcoming(demo);
    expect(items.length).toBeGreaterThanOrEqual(1);
    expect(items.every((r) => r.status === "pending")).toBe(true);
    const history = await upcoming(demo, "?history=true");
    expect(history.some((r) => r.status === "check in")).toBe(true);
  });
});
