import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { createClass, DAY, HOUR, MINUTE, signUpMember } from "./studios-fixtures.js";
import { API, firstTrainer, ok, OWNER, oneOff, STAFF, T0, waitlist, type StaffClass } from "./studio-admin-fixtures.js";
import { TestClock } from "../../host/server/clock.js";

let t: TestApp;
let staff: string;
let owner: string;
let trainer: { id: string; name: string };
type Member = Awaited<ReturnType<TestApp["signUp"]>>;
let member: Member;

beforeAll(async () => {
  t = await startTestApp({ clock: new TestClock(T0) });
  staff = (await t.signIn(STAFF)).token;
  owner = (await t.signIn(OWNER)).token;
  member = await signUpMember(t, { given_name: "Ada", family_name: "Booker" });
  trainer = await firstTrainer(t);
}, 60_000);
afterAll(() => t.close());

const publicIds = async (location: string) => {
  const res = await t.call(
    "GET",
    `/studios/class?location=${location}&public=true&min_date=2027-03-01&max_date=2027-03-31`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { id: string; start_date: string; spots_left: number }[] }>().items;
};

const book = async (who: Member, classId: string) =>
  ok<{ id: string }>(t.call("POST", "/studios/reservation/", { token: who.token, body: { class_id: classId } }));

describe("who may use the studio admin API", () => {
  it("answers the caller's locations and role: staff one, the owner every location, a member none", async () => {
    const mine = await ok<{ locations: { id: string; role: string }[] }>(t.call("GET", `${API}/me`, { token: staff }));
    expect(mine.locations.map((l) => [l.id, l.role])).toEqual([["chicago", "staff"]]);
    const theirs = await ok<{ locations: { id: string; role: string }[] }>(
      t.call("GET", `${API}/me`, { token: owner }),
    );
    expect(theirs.locations.map((l) => l.id).sort()).toEqual(["chicago", "live", "los-angeles", "new-york"]);
    expect(theirs.locations.every((l) => l.role === "owner")).toBe(true);
    expect(await ok(t.call("GET", `${API}/me`, { token: member.token }))).toEqual({ locations: [] });
  });

  it("refuses a visitor (401), a member who is not staff (403) and an unknown location (404)", async () => {
    expectError(await t.call("GET", `${API}/me`), 401);
    expectError(await t.call("GET", `${API}/locations/chicago/classes`), 401);
    const notStaff = expectError(await t.call("GET", `${API}/trainers`, { token: member.token }), 403);
    expect(notStaff.text).toBe("You are not studio staff.");
    expectError(await t.call("GET", `${API}/locations/chicago/classes`, { token: member.token }), 403);
    const unknown = expectError(await t.call("GET", `${API}/locations/atlantis/classes`, { token: staff }), 404);
    expect(unknown.text).toBe("Location not found");
    expectError(await t.call("GET", `${API}/classes/no-such-class/roster`, { token: staff }), 404);
    expectError(await t.call("PATCH", `${API}/templates/no-such-template`, { token: staff, body: {} }), 404);
  });

  it("lists trainers to staff", async () => {
    const { items } = await ok<{ items: { id: string; name: string }[] }>(
      t.call("GET", `${API}/trainers`, { token: staff }),
    );
    expect(items).toContainEqual(trainer);
  });
});

describe("one-off classes", () => {
  it("creates a class in the location's zone that is on the public schedule at once", async () => {
    const created = await ok<StaffClass>(
      t.call("POST", `${API}/locations/chicago/classes`, { token: staff, body: oneOff(trainer.id) }),
    );
    expect(created).toMatchObject({
      local_date: "2027-03-03",
      start_time: "13:00",
      end_time: "13:45",
      start_at: "2027-03-03T13:00:00.000-06:00",
      capacity: 8,
      booked: 0,
      room: "Studio B",
      class_type: "Barre Basics",
      trainer,
      template_id: null,
      cancelled: false,
    });
    const listed = (await publicIds("chicago")).find((c) => c.id === created.id);
    expect(listed).toMatchObject({ start_date: "2027-03-03T13:00:00.000-06:00", spots_left: 8 });
    const week = await ok<{ week_start: string; days: string[]; items: StaffClass[] }>(
      t.call("GET", `${API}/locations/chicago/classes?week=2027-03-04`, { token: staff }),
    );
    expect(week.week_start).toBe("2027-03-01");
    expect(week.days).toHaveLength(7);
    expect(week.items.map((c) => c.id)).toContain(created.id);
  });

  it("keeps local time across the daylight-saving change", async () => {
    const after = await ok<StaffClass>(
      t.call("POST", `${API}/locations/chicago/classes`, {
        token: staff,
        body: oneOff(trainer.id, { date: "2027-03-15", start_time: "06:00", end_time: "06:50" }),
      }),
    );
    expect(after.start_at).toBe("2027-03-15T06:00:00.000-05:00");
  });

  it.each([
    ["a class in the past", { date: "2027-02-28" }, "The class would start in the past: choose a later date or time."],
    ["an end before the start", { start_time: "14:00", end_time: "13:00" }, "end_time must be after start_time"],
    ["an end equal to the start", { end_time: "13:00" }, "end_time must be after start_time"],
    ["capacity 0", { capacity: 0 }, "capacity must not be less than 1"],
    ["a negative capacity", { capacity: -3 }, "capacity must not be less than 1"],
    ["an unknown trainer", { trainer_id: "nobody" }, 'trainer_id must be a known trainer ("nobody" is not)'],
    ["a malformed date", { date: "2027-13-01" }, "date must be a date that exists"],
    ["a malformed time", { start_time: "25:00" }, "start_time must match"],
    ["an unexpected property", { colour: "red" }, "property colour should not exist"],
  ])("refuses %s with a clear message", async (_, overrides, message) => {
    const res = await t.call("POST", `${API}/locations/chicago/classes`, {
      token: staff,
      body: oneOff(trainer.id, overrides),
    });
    expect(expectError(res, 400).text).toContain(message);
  });

  it("edits a class's details, and moves it only while nobody is booked", async () => {
    const cls = await ok<StaffClass>(
      t.call("POST", `${API}/locations/chicago/classes`, {
        token: staff,
        body: oneOff(trainer.id, { date: "2027-03-05" }),
      }),
    );
    const moved = await ok<StaffClass>(
      t.call("PATCH", `${API}/classes/${cls.id}`, {
        token: staff,
        body: { start_time: "15:00", end_time: "16:00", class_type: "Barre Plus", room: "Studio C" },
      }),
    );
    expect(moved).toMatchObject({ start_time: "15:00", end_time: "16:00", class_type: "Barre Plus", room: "Studio C" });
    expectError(await t.call("PATCH", `${API}/classes/${cls.id}`, { token: staff, body: { trainer_id: "x" } }), 400);
    await book(member, cls.id);
    const refused = expectError(
      await t.call("PATCH", `${API}/classes/${cls.id}`, {
        token: staff,
        body: { start_time: "17:00", end_time: "18:00" },
      }),
      409,
    );
    expect(refused.text).toMatch(/cannot change/);
    const renamed = await ok<StaffClass>(
      t.call("PATCH", `${API}/classes/${cls.id}`, { token: staff, body: { class_type: "Barre" } }),
    );
    expect(renamed).toMatchObject({ class_type: "Barre", start_time: "15:00", booked: 1 });
  });
});

describe("weekly templates", () => {
  const template = (overrides: Record<string, unknown> = {}) => ({
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    start_time: "06:00",
    duration: 50,
    class_type: "Sunrise Flow",
    trainer_id: trainer.id,
    capacity: 12,
    room: "Rooftop",
    ...overrides,
  });

  it("generates its classes at the same local time across the DST change, on the public schedule at once", async () => {
    const created = await ok<{ id: string; weekdays: number[]; start_time: string }>(
      t.call("POST", `${API}/locations/chicago/templates`, { token: staff, body: template() }),
    );
    expect(created).toMatchObject({ start_time: "06:00", weekdays: [1, 2, 3, 4, 5, 6, 7], room: "Rooftop" });
    const mine = (await publicIds("chicago")).filter((c) => c.id.startsWith(`${created.id}-`));
    expect(mine.length).toBeGreaterThanOrEqual(28);
    expect(new Set(mine.map((c) => c.start_date.slice(11, 16)))).toEqual(new Set(["06:00"]));
    expect(mine.find((c) => c.start_date.startsWith("2027-03-12"))!.start_date).toBe("2027-03-12T06:00:00.000-06:00");
    expect(mine.find((c) => c.start_date.startsWith("2027-03-15"))!.start_date).toBe("2027-03-15T06:00:00.000-05:00");
    const { items } = await ok<{ items: { id: string }[] }>(
      t.call("GET", `${API}/locations/chicago/templates`, { token: staff }),
    );
    expect(items.map((i) => i.id)).toContain(created.id);
  });

  it("moves its unbooked classes when edited and keeps booked ones (and their members) as they were", async () => {
    const created = await ok<{ id: string }>(
      t.call("POST", `${API}/locations/chicago/templates`, {
        token: staff,
        body: template({ weekdays: [2, 4], start_time: "20:30", room: "Annex" }),
      }),
    );
    const booked = `${created.id}-20270304`; // Thursday
    const reservation = await book(member, booked);
    const edited = await ok<{ start_time: string; weekdays: number[] }>(
      t.call("PATCH", `${API}/templates/${created.id}`, { token: staff, body: { start_time: "21:00", weekdays: [2] } }),
    );
    expect(edited).toMatchObject({ start_time: "21:00", weekdays: [2] });
    const mine = (await publicIds("chicago")).filter((c) => c.id.startsWith(`${created.id}-`));
    const kept = mine.find((c) => c.id === booked)!;
    expect(kept.start_date).toBe("2027-03-04T20:30:00.000-06:00");
    const others = mine.filter((c) => c.id !== booked);
    expect(others.length).toBeGreaterThanOrEqual(4);
    for (const c of others) {
      expect(c.start_date.slice(11, 16)).toBe("21:00");
      expect(new Date(c.start_date.slice(0, 10)).getUTCDay()).toBe(2); // Tuesdays only
    }
    const mineNow = await ok<{ items: { id: string; status: string }[] }>(
      t.call("GET", "/studios/reservation", { token: member.token }),
    );
    expect(mineNow.items.find((r) => r.id === reservation.id)?.status).toBe("pending");

    const ended = await ok<{ success: true; kept_classes: number }>(
      t.call("DELETE", `${API}/templates/${created.id}`, { token: staff }),
    );
    expect(ended).toEqual({ success: true, kept_classes: 1 });
    expect((await publicIds("chicago")).filter((c) => c.id.startsWith(`${created.id}-`)).map((c) => c.id)).toEqual([
      booked,
    ]);
    expectError(await t.call("PATCH", `${API}/templates/${created.id}`, { token: staff, body: {} }), 404);
  });

  it.each([
    ["a template overlapping itself", { weekdays: [1, 1] }, "weekdays must not list a day twice"],
    [
      "a seeded class in the same room",
      { room: "Main studio", start_time: "06:30" },
      "overlaps Strength & Sculpt at 06:00",
    ],
    ["capacity 0", { capacity: 0 }, "capacity must not be less than 1"],
    ["an unknown trainer", { trainer_id: "nobody" }, "trainer_id must be a known trainer"],
    ["a weekday 8", { weekdays: [8] }, "weekdays.0 must not be greater than 7"],
    ["no weekday", { weekdays: [] }, "weekdays must contain at least 1 elements"],
    ["a duration of 0", { duration: 0 }, "duration must not be less than 5"],
  ])("refuses %s", async (_, overrides, message) => {
    const res = await t.call("POST", `${API}/locations/chicago/templates`, { token: staff, body: template(overrides) });
    expect(expectError(res, 400).text).toContain(message);
  });

  it("refuses an overlap with another template in the same room, across midnight, but not in another room", async () => {
    await ok(
      t.call("POST", `${API}/locations/chicago/templates`, {
        token: staff,
        body: template({ weekdays: [7], start_time: "23:30", duration: 60, room: "Night room" }),
      }),
    );
    const res = await t.call("POST", `${API}/locations/chicago/templates`, {
      token: staff,
      body: template({ weekdays: [1], start_time: "00:15", duration: 30, room: "Night room" }),
    });
    expect(expectError(res, 400).text).toMatch(/overlaps Sunrise Flow at 23:30 .* in Night room/);
    await ok(
      t.call("POST", `${API}/locations/chicago/templates`, {
        token: staff,
        body: template({ weekdays: [1], start_time: "00:15", duration: 30, room: "Day room" }),
      }),
    );
  });

  it("lets only one of two overlapping templates created at once through", async () => {
    const body = template({ weekdays: [3], start_time: "14:00", room: "Race room" });
    const answers = await Promise.all([
      t.call("POST", `${API}/locations/chicago/templates`, { token: staff, body }),
      t.call("POST", `${API}/locations/chicago/templates`, { token: owner, body }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });
});

describe("cancelling a class", () => {
  it("releases bookings and the waitlist, emails every affected member once and leaves the public schedule", async () => {
    const cls = await ok<StaffClass>(
      t.call("POST", `${API}/locations/chicago/classes`, {
        token: staff,
        body: oneOff(trainer.id, { date: "2027-03-08", capacity: 2 }),
      }),
    );
    const a = await signUpMember(t, { given_name: "Ana" });
    const b = await signUpMember(t, { given_name: "Ben" });
    const w = await signUpMember(t, { given_name: "Wes" });
    await book(a, cls.id);
    await book(b, cls.id);
    await waitlist(t, cls.id, [w.user.id], T0);

    const cancelled = await ok<StaffClass & { notified: number }>(
      t.call("POST", `${API}/classes/${cls.id}/cancel`, { token: staff, body: { reason: "Instructor unwell" } }),
    );
    expect(cancelled).toMatchObject({
      cancelled: true,
      cancel_reason: "Instructor unwell",
      booked: 0,
      waitlisted: 0,
      notified: 3,
    });
    const reservations = await t.db
      .selectFrom("reservations")
      .select(["status", "late_cancel"])
      .where("class_id", "=", cls.id)
      .execute();
    expect(reservations).toEqual([
      { status: "standard cancel", late_cancel: false },
      { status: "standard cancel", late_cancel: false },
    ]);
    const entries = await t.db.selectFrom("waitlist_entries").select("status").where("class_id", "=", cls.id).execute();
    expect(entries).toEqual([{ status: "expired" }]);
    for (const who of [a, b, w]) {
      const mail = await t.db
        .selectFrom("mail_outbox")
        .select(["subject", "text_body"])
        .where("to_address", "=", who.email)
        .execute();
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toBe("Cancelled: Barre Basics, Monday, March 8 at 1:00 PM");
      expect(mail[0]!.text_body).toContain("Reason: Instructor unwell");
    }
    expect((await publicIds("chicago")).map((c) => c.id)).not.toContain(cls.id);
    expectError(await t.call("POST", "/studios/reservation/", { token: a.token, body: { class_id: cls.id } }), 400);
    const again = expectError(await t.call("POST", `${API}/classes/${cls.id}/cancel`, { token: staff }), 400);
    expect(again.text).toBe("This class has been cancelled.");
  });

  it("leaves nobody booked when members book while the class is being cancelled", async () => {
    const cls = await createClass(t, { startsIn: 2 * DAY, location: "chicago", capacity: 10 });
    const members = await Promise.all(Array.from({ length: 6 }, () => signUpMember(t)));
    await book(members[0]!, cls.id);
    const answers = await Promise.all([
      t.call("POST", `${API}/classes/${cls.id}/cancel`, { token: staff, body: { reason: "Flooded" } }),
      ...members
        .slice(1)
        .map((m) => t.call("POST", "/studios/reservation/", { token: m.token, body: { class_id: cls.id } })),
    ]);
    expect(answers[0].statusCode, answers[0].body).toBe(200);
    const booked = answers.slice(1).filter((a) => a.statusCode === 200).length;
    const row = await t.db
      .selectFrom("live_classes")
      .select(["booked", "cancelled_at"])
      .where("id", "=", cls.id)
      .executeTakeFirstOrThrow();
    const active = await t.db
      .selectFrom("reservations")
      .select("id")
      .where("class_id", "=", cls.id)
      .where("status", "<>", "standard cancel")
      .execute();
    expect(row.cancelled_at).not.toBeNull();
    // Bookings that landed before the cancel were released by it; none landed after.
    expect(active).toEqual([]);
    expect(row.booked).toBe(0);
    const mailed = await t.db
      .selectFrom("mail_outbox")
      .select("to_address")
      .where("subject", "like", "Cancelled: Strength & Sculpt%")
      .where(
        "to_address",
        "in",
        members.map((m) => m.email),
      )
      .execute();
    expect(mailed).toHaveLength(1 + booked);
  }, 60_000);

  it("refuses a class that has started", async () => {
    const started = await createClass(t, { startsIn: -10 * MINUTE, location: "chicago" });
    const res = await t.call("POST", `${API}/classes/${started.id}/cancel`, { token: staff, body: {} });
    expect(expectError(res, 400).text).toBe("This class has already started.");
  });
});

describe("capacity", () => {
  it("never goes below the booked count, and raising it opens spots", async () => {
    const cls = await createClass(t, { startsIn: 2 * DAY, location: "chicago", capacity: 3 });
    for (let i = 0; i < 3; i++) await book(await signUpMember(t), cls.id);
    const low = expectError(
      await t.call("PUT", `${API}/classes/${cls.id}/capacity`, { token: staff, body: { capacity: 2 } }),
      400,
    );
    expect(low.text).toBe(
      "capacity cannot be below the 3 members already booked: cancel bookings first or choose at least 3.",
    );
    expectError(await t.call("PUT", `${API}/classes/${cls.id}/capacity`, { token: staff, body: { capacity: 0 } }), 400);
    const raised = await ok<StaffClass>(
      t.call("PUT", `${API}/classes/${cls.id}/capacity`, { token: staff, body: { capacity: 5 } }),
    );
    expect(raised).toMatchObject({ capacity: 5, booked: 3 });
    expect((await publicIds("chicago")).find((c) => c.id === cls.id)?.spots_left).toBe(2);
  });

  it("raising it books the first waiting members (from_waitlist) and emails them", async () => {
    const cls = await createClass(t, { startsIn: 2 * DAY, location: "chicago", capacity: 2 });
    for (let i = 0; i < 2; i++) await book(await signUpMember(t), cls.id);
    const first = await signUpMember(t, { given_name: "Wren", family_name: "First" });
    const second = await signUpMember(t, { given_name: "Sol", family_name: "Second" });
    await t.db.updateTable("live_classes").set({ waitlist_capacity: 5 }).where("id", "=", cls.id).execute();
    await waitlist(t, cls.id, [first.user.id, second.user.id], T0);
    const raised = await ok<StaffClass>(
      t.call("PUT", `${API}/classes/${cls.id}/capacity`, { token: staff, body: { capacity: 3 } }),
    );
    expect(raised).toMatchObject({ capacity: 3, booked: 3, waitlisted: 1 });
    const reservations = await t.db
      .selectFrom("reservations")
      .select(["user_id", "status", "from_waitlist"])
      .where("class_id", "=", cls.id)
      .where("user_id", "in", [first.user.id, second.user.id])
      .execute();
    expect(reservations).toEqual([{ user_id: first.user.id, status: "pending", from_waitlist: true }]);
    const entries = await t.db
      .selectFrom("waitlist_entries")
      .select(["user_id", "status"])
      .where("class_id", "=", cls.id)
      .orderBy("created_at")
      .execute();
    expect(entries.map((e) => e.status)).toEqual(["promoted", "waiting"]);
    const mail = await t.db
      .selectFrom("mail_outbox")
      .select(["to_address", "subject"])
      .where("to_address", "in", [first.email, second.email])
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to_address).toBe(first.email);
  });

  it("holds booked ≤ capacity when lowering races bookings", async () => {
    const cls = await createClass(t, { startsIn: 2 * DAY, location: "chicago", capacity: 6 });
    const members = await Promise.all(Array.from({ length: 6 }, () => signUpMember(t)));
    const answers = await Promise.all([
      ...members.map((m) => t.call("POST", "/studios/reservation/", { token: m.token, body: { class_id: cls.id } })),
      t.call("PUT", `${API}/classes/${cls.id}/capacity`, { token: staff, body: { capacity: 3 } }),
    ]);
    const row = await t.db
      .selectFrom("live_classes")
      .select(["booked", "capacity"])
      .where("id", "=", cls.id)
      .executeTakeFirstOrThrow();
    expect(row.booked).toBeLessThanOrEqual(row.capacity);
    const active = await t.db
      .selectFrom("reservations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("class_id", "=", cls.id)
      .where("status", "<>", "standard cancel")
      .executeTakeFirstOrThrow();
    expect(Number(active.n)).toBe(row.booked);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 400)).toBe(true);
  }, 60_000);
});

describe("the roster", () => {
  it("shows who is booked and waiting in order, and staff check members in from 15 minutes before", async () => {
    const cls = await createClass(t, { startsIn: 20 * MINUTE, location: "chicago", capacity: 2 });
    const a = await signUpMember(t, { given_name: "Amy", family_name: "Zed" });
    const b = await signUpMember(t, { given_name: "Bo", family_name: "Yu" });
    const w1 = await signUpMember(t, { given_name: "Cy", family_name: "First" });
    const w2 = await signUpMember(t, { given_name: "Di", family_name: "Second" });
    const ra = await book(a, cls.id);
    await book(b, cls.id);
    await waitlist(t, cls.id, [w2.user.id, w1.user.id], T0);

    const roster = await ok<{
      booked: { reservation_id: string; name: string; state: string }[];
      waitlist: { name: string; position: number }[];
      counts: Record<string, number>;
    }>(t.call("GET", `${API}/classes/${cls.id}/roster`, { token: staff }));
    expect(roster.booked.map((r) => [r.name, r.state])).toEqual([
      ["Amy Zed", "booked"],
      ["Bo Yu", "booked"],
    ]);
    expect(roster.waitlist.map((w) => [w.position, w.name])).toEqual([
      [1, "Di Second"],
      [2, "Cy First"],
    ]);
    expect(roster.counts).toEqual({ booked: 2, checked_in: 0, no_show: 0, late_cancel: 0, waitlisted: 2 });

    const early = expectError(
      await t.call("POST", `${API}/classes/${cls.id}/roster/${ra.id}/check-in`, { token: staff }),
      400,
    );
    expect(early.text).toBe("Check-in opens 15 minutes before the class starts.");
    t.clock.advance(6 * MINUTE);
    try {
      const checked = await ok<{ state: string; status: string }>(
        t.call("POST", `${API}/classes/${cls.id}/roster/${ra.id}/check-in`, { token: staff }),
      );
      expect(checked).toMatchObject({ state: "checked_in", status: "check in" });
      const twice = await ok(t.call("POST", `${API}/classes/${cls.id}/roster/${ra.id}/check-in`, { token: staff }));
      expect(twice).toMatchObject({ state: "checked_in" });
      const theirs = await ok<{ items: { id: string; status: string }[] }>(
        t.call("GET", "/studios/reservation", { token: a.token }),
      );
      expect(theirs.items.find((r) => r.id === ra.id)?.status).toBe("check in");
    } finally {
      t.clock.set(T0);
    }
    expectError(
      await t.call("POST", `${API}/classes/${cls.id}/roster/00000000-0000-4000-8000-000000000000/check-in`, {
        token: staff,
      }),
      404,
    );
  });

  it("marks no-shows only for booked members of an ended class who did not check in", async () => {
    const cls = await createClass(t, { startsIn: -2 * HOUR, location: "chicago", capacity: 5, minutes: 45 });
    const upcoming = await createClass(t, { startsIn: 3 * HOUR, location: "chicago", capacity: 5 });
    const [a, b] = await Promise.all([signUpMember(t), signUpMember(t)]);
    const [ra, rb] = await t.db
      .insertInto("reservations")
      .values([
        { user_id: a.user.id, class_id: cls.id, status: "pending", created_at: new Date(T0.getTime() - DAY) },
        {
          user_id: b.user.id,
          class_id: cls.id,
          status: "check in",
          created_at: new Date(T0.getTime() - DAY),
          checked_in_at: T0,
        },
      ])
      .returning("id")
      .execute();
    const marked = await ok<{ state: string; no_show_at: string }>(
      t.call("POST", `${API}/classes/${cls.id}/roster/${ra!.id}/no-show`, { token: staff }),
    );
    expect(marked).toMatchObject({ state: "no_show", no_show_at: T0.toISOString() });
    await ok(t.call("POST", `${API}/classes/${cls.id}/roster/${ra!.id}/no-show`, { token: staff }));
    const checkedIn = expectError(
      await t.call("POST", `${API}/classes/${cls.id}/roster/${rb!.id}/no-show`, { token: staff }),
      400,
    );
    expect(checkedIn.text).toBe("This member checked in, so they cannot be a no-show.");
    const c = await book(await signUpMember(t), upcoming.id);
    const early = expectError(
      await t.call("POST", `${API}/classes/${upcoming.id}/roster/${c.id}/no-show`, { token: staff }),
      400,
    );
    expect(early.text).toBe("No-shows can be marked once the class has ended.");
    // A reservation of another class through this class's path is not found.
    expectError(await t.call("POST", `${API}/classes/${cls.id}/roster/${c.id}/no-show`, { token: staff }), 404);
    // The desk can correct a no-show to a check-in after the class.
    const corrected = await ok(t.call("POST", `${API}/classes/${cls.id}/roster/${ra!.id}/check-in`, { token: staff }));
    expect(corrected).toMatchObject({ state: "checked_in", no_show_at: null });
  });
});

describe("numbers", () => {
  it("reports per local week the fill rate of classes that ran, waitlist conversions, late cancels and no-shows", async () => {
    const before = await ok<{ weeks: { week_start: string }[] }>(
      t.call("GET", `${API}/locations/los-angeles/numbers?weeks=2`, { token: owner }),
    );
    expect(before.weeks.map((w) => w.week_start)).toEqual(["2027-02-22", "2027-03-01"]);
    // The weeks hold only this test's classes: a demo seed run under a shifted process clock can have generated
    // classes in them too.
    await t.db.deleteFrom("live_classes").where("location_id", "=", "los-angeles").where("start_at", "<", T0).execute();
    // Last week (Los Angeles): two classes that ran, 10 spots, 6 booked; one waitlist conversion, one late cancel and
    // one no-show.
    const one = await createClass(t, { startsIn: -3 * DAY, location: "los-angeles", capacity: 4, booked: 3 });
    await createClass(t, { startsIn: -4 * DAY, location: "los-angeles", capacity: 6, booked: 3 });
    const cancelledClass = await createClass(t, {
      startsIn: -5 * DAY,
      location: "los-angeles",
      capacity: 50,
      booked: 0,
    });
    await t.db.updateTable("live_classes").set({ cancelled_at: T0 }).where("id", "=", cancelledClass.id).execute();
    const [x, y, z] = await Promise.all([signUpMember(t), signUpMember(t), signUpMember(t)]);
    const created = new Date(T0.getTime() - 6 * DAY);
    await t.db
      .insertInto("reservations")
      .values([
        {
          user_id: x.user.id,
          class_id: one.id,
          status: "check in",
          created_at: created,
          checked_in_at: created,
          from_waitlist: true,
        },
        {
          user_id: y.user.id,
          class_id: one.id,
          status: "standard cancel",
          created_at: created,
          cancelled_at: created,
          late_cancel: true,
        },
        { user_id: z.user.id, class_id: one.id, status: "pending", created_at: created, no_show_at: T0 },
      ])
      .execute();
    const { weeks } = await ok<{ weeks: Record<string, unknown>[] }>(
      t.call("GET", `${API}/locations/los-angeles/numbers?weeks=2`, { token: owner }),
    );
    expect(weeks[0]).toEqual({
      week_start: "2027-02-22",
      classes_run: 2,
      capacity: 10,
      booked: 6,
      fill_rate: 0.6,
      waitlist_conversions: 1,
      late_cancels: 1,
      no_shows: 1,
    });
    expect(weeks[1]).toMatchObject({ week_start: "2027-03-01", fill_rate: null, classes_run: 0 });
    expectError(await t.call("GET", `${API}/locations/los-angeles/numbers?weeks=0`, { token: owner }), 400);
    expectError(await t.call("GET", `${API}/locations/los-angeles/numbers?weeks=27`, { token: owner }), 400);
  });
});

describe("the booking policy", () => {
  const policy = {
    booking_window_days: 21,
    late_cancel_minutes: 360,
    auto_book_cutoff_minutes: 90,
    max_open_bookings: 4,
    waitlist_capacity: 12,
  };

  it("is read by staff and set by the owner", async () => {
    const current = await ok(t.call("GET", `${API}/locations/new-york/policy`, { token: owner }));
    expect(current).toEqual({
      booking_window_days: 14,
      late_cancel_minutes: 720,
      auto_book_cutoff_minutes: 120,
      max_open_bookings: null,
      waitlist_capacity: 10,
    });
    expect(await ok(t.call("PUT", `${API}/locations/new-york/policy`, { token: owner, body: policy }))).toEqual(policy);
    expect(await ok(t.call("GET", `${API}/locations/new-york/policy`, { token: owner }))).toEqual(policy);
    expect(
      await ok(
        t.call("PUT", `${API}/locations/new-york/policy`, {
          token: owner,
          body: { ...policy, max_open_bookings: null },
        }),
      ),
    ).toMatchObject({
      max_open_bookings: null,
    });
    await ok(t.call("GET", `${API}/locations/chicago/policy`, { token: staff }));
    const refused = expectError(
      await t.call("PUT", `${API}/locations/chicago/policy`, { token: staff, body: policy }),
      403,
    );
    expect(refused.text).toBe("Only an owner of this location can change its booking policy.");
  });

  it.each([
    [{ booking_window_days: 0 }, "booking_window_days must not be less than 1"],
    [{ booking_window_days: 91 }, "booking_window_days must not be greater than 90"],
    [{ late_cancel_minutes: -1 }, "late_cancel_minutes must not be less than 0"],
    [{ auto_book_cutoff_minutes: 10081 }, "auto_book_cutoff_minutes must not be greater than 10080"],
    [{ max_open_bookings: 0 }, "max_open_bookings must not be less than 1"],
    [{ waitlist_capacity: 201 }, "waitlist_capacity must not be greater than 200"],
    [{ waitlist_capacity: "ten" }, "waitlist_capacity must be an integer number"],
  ])("refuses %o", async (bad, message) => {
    const res = await t.call("PUT", `${API}/locations/new-york/policy`, { token: owner, body: { ...policy, ...bad } });
    expect(expectError(res, 400).text).toContain(message);
  });
});
