import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DELETION_GRACE_DAYS } from "../../src/domain/account-deletion.js";
import { DEFAULT_MAX_OPEN_BOOKINGS } from "../../src/domain/classes.js";
import { databaseKind, expectError, startTestApp, type TestApp } from "./harness.js";
import { at, createClass, DAY, HOUR, MINUTE, signUpMember } from "./studios-fixtures.js";

/** Generous: 70 members racing on a loaded two-core machine, PostgreSQL included. */
const RACE_TIMEOUT_MS = 240_000;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // Policy of the test location: a week's window, free cancellation until 12 h before, auto-book until 2 h before.
  await t.db
    .updateTable("locations")
    .set({ booking_window_days: 7, late_cancel_minutes: 720, auto_book_cutoff_minutes: 120, max_open_bookings: null })
    .where("id", "=", "live")
    .execute();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestApp["signUp"]>>;
async function members(n: number): Promise<Member[]> {
  const list: Member[] = [];
  for (let i = 0; i < n; i += 10)
    list.push(...(await Promise.all(Array.from({ length: Math.min(10, n - i) }, () => signUpMember(t)))));
  return list;
}

const book = (classId: string, m: Member) =>
  t.call("POST", "/studios/reservation/", { body: { class_id: classId }, token: m.token });
const cancel = (id: string, m: Member) => t.call("POST", `/studios/reservation/${id}/cancel`, { token: m.token });
const join = (classId: string, m: Member) => t.call("POST", `/studios/class/${classId}/waitlist`, { token: m.token });
const leave = (entryId: string, m: Member) => t.call("POST", `/studios/waitlist/${entryId}/leave`, { token: m.token });
const classOf = async (classId: string, m?: Member) => {
  const res = await t.call("GET", `/studios/class?location=live&limit=2000`, m ? { token: m.token } : {});
  return (res.json().items as { id: string; waitlist: Waitlist; spots_left: number; policy: Policy }[]).find(
    (c) => c.id === classId,
  )!;
};
interface Waitlist {
  count: number;
  capacity: number;
  open: boolean;
  position: number | null;
  entry_id: string | null;
}
interface Policy {
  booking_opens_at: string;
  free_cancel_until: string;
  late_cancel_minutes: number;
}

const counts = async (classId: string) =>
  t.db
    .selectFrom("live_classes")
    .select(["booked", "waitlisted", "capacity"])
    .where("id", "=", classId)
    .executeTakeFirstOrThrow();
const outboxTo = async (email: string) =>
  t.db.selectFrom("mail_outbox").select(["subject", "text_body"]).where("to_address", "=", email).execute();

/** A full class (`capacity` members booked) and its holders' reservations. */
async function fullClass(capacity: number, startsIn = DAY, waitlistCapacity = 10) {
  const cls = await createClass(t, { startsIn, capacity });
  await t.db
    .updateTable("live_classes")
    .set({ waitlist_capacity: waitlistCapacity })
    .where("id", "=", cls.id)
    .execute();
  const holders = await members(capacity);
  const reservations: string[] = [];
  for (const m of holders) {
    const res = await book(cls.id, m);
    expect(res.statusCode, res.body).toBe(200);
    reservations.push(res.json().id);
  }
  return { cls, holders, reservations };
}

describe(`waitlist (${databaseKind})`, () => {
  it("demo data holds a full Chicago class with member@ 1st and trial@ 2nd on its waitlist", async () => {
    const member = await t.signIn();
    const res = await t.call("GET", "/studios/waitlist?location=chicago", { token: member.token });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = res.json().items as { status: string; position: number; class_data: { id: string } }[];
    expect(entry).toMatchObject({ status: "waiting", position: 1 });
    expect(await counts(entry!.class_data.id)).toMatchObject({ booked: 2, capacity: 2, waitlisted: 2 });
  });

  it("offers a full class's waitlist, answers the position on every class answer, and lets a member leave", async () => {
    const { cls } = await fullClass(1);
    const [a, b, c] = await members(3);
    const before = await classOf(cls.id, a);
    expect(before.waitlist).toEqual({ count: 0, capacity: 10, open: true, position: null, entry_id: null });

    const first = await join(cls.id, a!);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: "waiting", position: 1, class_data: { id: cls.id } });
    expect((await join(cls.id, b!)).json().position).toBe(2);
    const third = (await join(cls.id, c!)).json();
    expect(third.position).toBe(3);
    expect(third.class_data.waitlist).toMatchObject({ count: 3, position: 3, entry_id: third.id });

    // Each member sees their own place; the public answer has none.
    expect((await classOf(cls.id, b)).waitlist).toMatchObject({ count: 3, position: 2 });
    expect((await classOf(cls.id)).waitlist).toMatchObject({ count: 3, position: null, entry_id: null });
    const mine = (await t.call("GET", "/studios/waitlist", { token: c!.token })).json();
    expect(mine).toMatchObject({ total: 1, items: [{ id: third.id, position: 3, status: "waiting" }] });

    // The second leaves: the third moves up, the count drops.
    const left = (await leave((await classOf(cls.id, b)).waitlist.entry_id!, b!)).json();
    expect(left).toMatchObject({ status: "left", position: null });
    expect((await classOf(cls.id, c)).waitlist).toMatchObject({ count: 2, position: 2 });
    expect((await counts(cls.id)).waitlisted).toBe(2);
    expectError(await leave(left.id, b!), 400);
    // Another member's entry is not theirs to leave.
    expectError(await leave(third.id, a!), 404);
    expectError(await leave("00000000-0000-4000-8000-000000000000", a!), 404);
  });

  it("refuses bad joins with clear messages", async () => {
    const open = await createClass(t, { startsIn: DAY, capacity: 5 });
    const [m, n] = await members(2);
    expect(expectError(await join(open.id, m!), 400).text).toBe("This class has spots left: book it instead.");
    expectError(await join("no-such-class", m!), 404);
    expectError(await join("Not A Class!", m!), 400);
    expectError(await t.call("POST", `/studios/class/${open.id}/waitlist`), 401);

    const { cls, holders } = await fullClass(1, DAY, 1);
    expect(expectError(await join(cls.id, holders[0]!), 400).text).toBe(
      "You already have a reservation for this class.",
    );
    expect((await join(cls.id, m!)).statusCode).toBe(200);
    expect(expectError(await join(cls.id, m!), 400).text).toBe("You are already on the waitlist for this class.");
    expect(expectError(await join(cls.id, n!), 400).text).toBe("The waitlist for this class is full.");
  });

  it("refuses waiting for two classes that overlap, and booking while waiting ends the entry", async () => {
    const a = await fullClass(1, 2 * DAY);
    const b = await fullClass(1, 2 * DAY + 30 * MINUTE);
    const later = await fullClass(1, 2 * DAY + 2 * HOUR);
    const [m] = await members(1);
    expect((await join(a.cls.id, m!)).statusCode).toBe(200);
    expect(expectError(await join(b.cls.id, m!), 400).text).toMatch(/already on the waitlist for .* at the same time/);
    expect((await join(later.cls.id, m!)).statusCode).toBe(200);
  });

  it("books the first waiting member automatically when a spot opens before the cutoff, and emails them once", async () => {
    const { cls, holders, reservations } = await fullClass(1, DAY);
    const [first, second] = await members(2);
    await join(cls.id, first!);
    await join(cls.id, second!);
    const res = await cancel(reservations[0]!, holders[0]!);
    expect(res.statusCode).toBe(200);
    // Cancelled 24 h ahead: inside the free window.
    expect(res.json()).toMatchObject({ status: "standard cancel", late_cancel: false });
    const booked = (await t.call("GET", "/studios/reservation", { token: first!.token })).json().items;
    expect(booked).toMatchObject([{ status: "pending", from_waitlist: true, class_data: { id: cls.id } }]);
    expect(await counts(cls.id)).toMatchObject({ booked: 1, waitlisted: 1 });
    expect((await classOf(cls.id, second)).waitlist).toMatchObject({ position: 1, count: 1 });
    const mail = await outboxTo(first!.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("You're booked: Strength & Sculpt");
    expect(await outboxTo(second!.email)).toHaveLength(0);
  });

  it("after the cutoff tells everyone waiting, and the first to book gets the spot", async () => {
    const { cls, holders, reservations } = await fullClass(1, HOUR);
    const [first, second] = await members(2);
    await join(cls.id, first!);
    await join(cls.id, second!);
    const res = await cancel(reservations[0]!, holders[0]!);
    // An hour ahead: past the 12 h free-cancellation cutoff, so the cancel is late.
    expect(res.json()).toMatchObject({ status: "standard cancel", late_cancel: true });
    expect(await counts(cls.id)).toMatchObject({ booked: 0, waitlisted: 2 });
    for (const m of [first!, second!]) {
      const mail = await outboxTo(m.email);
      expect(mail.map((x) => x.subject)).toEqual(["A spot opened in Strength & Sculpt"]);
    }
    const notified = await t.db
      .selectFrom("waitlist_entries")
      .select("notified_at")
      .where("class_id", "=", cls.id)
      .execute();
    expect(notified.every((e) => e.notified_at !== null)).toBe(true);
    // The second in line books first and gets it; the booking ends their entry.
    const won = await book(cls.id, second!);
    expect(won.json()).toMatchObject({ status: "pending", from_waitlist: true });
    expect(expectError(await book(cls.id, first!), 400).text).toBe("Class full");
    expect(await counts(cls.id)).toMatchObject({ booked: 1, waitlisted: 1 });
  });

  it("passes over a member whose membership ended while waiting: their place expires, they are told why, the next is booked", async () => {
    const lapse = (m: Member) =>
      t.db
        .updateTable("subscriptions")
        .set({ state: "expired", expiration_date: new Date(t.clock.now().getTime() - MINUTE) })
        .where("user_id", "=", m.user.id)
        .execute();
    // Before the cutoff: the spot goes to the second in line.
    const early = await fullClass(1, DAY);
    const [lapsed, next] = await members(2);
    await join(early.cls.id, lapsed!);
    await join(early.cls.id, next!);
    await lapse(lapsed!);
    expect((await cancel(early.reservations[0]!, early.holders[0]!)).statusCode).toBe(200);
    const booked = (await t.call("GET", "/studios/reservation", { token: next!.token })).json().items;
    expect(booked).toMatchObject([{ status: "pending", from_waitlist: true, class_data: { id: early.cls.id } }]);
    expect((await t.call("GET", "/studios/reservation", { token: lapsed!.token })).json().items).toEqual([]);
    expect((await t.call("GET", "/studios/waitlist", { token: lapsed!.token })).json().items).toEqual([]);
    expect((await classOf(early.cls.id, lapsed)).waitlist).toMatchObject({ count: 0, position: null, entry_id: null });
    expect(await counts(early.cls.id)).toMatchObject({ booked: 1, waitlisted: 0 });
    const told = await outboxTo(lapsed!.email);
    expect(told.map((m) => m.subject)).toEqual(["Your waitlist place for Strength & Sculpt has ended"]);
    expect(told[0]!.text_body).toContain("live classes are part of a membership and yours has ended");
    expect(told[0]!.text_body).toContain("/account/membership");
    const entry = await t.db
      .selectFrom("waitlist_entries")
      .select(["status", "ended_at"])
      .where("user_id", "=", lapsed!.user.id)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ status: "expired", ended_at: expect.any(Date) });

    // After the cutoff: only members who may book are told a spot is open.
    const late = await fullClass(1, HOUR);
    const [gone, waiting] = await members(2);
    await join(late.cls.id, gone!);
    await join(late.cls.id, waiting!);
    await lapse(gone!);
    expect((await cancel(late.reservations[0]!, late.holders[0]!)).statusCode).toBe(200);
    expect((await outboxTo(waiting!.email)).map((m) => m.subject)).toEqual(["A spot opened in Strength & Sculpt"]);
    expect((await outboxTo(gone!.email)).map((m) => m.subject)).toEqual([
      "Your waitlist place for Strength & Sculpt has ended",
    ]);
    expect(await counts(late.cls.id)).toMatchObject({ booked: 0, waitlisted: 1 });
  });

  it("expires entries when the class starts: no position, no promotion", async () => {
    const { cls, holders, reservations } = await fullClass(1, 3 * HOUR);
    const [m] = await members(1);
    await join(cls.id, m!);
    await at(t, cls.start.getTime() + MINUTE, m!, async (token) => {
      expect((await t.call("GET", "/studios/waitlist", { token })).json().items).toEqual([]);
      const answer = await classOf(cls.id, { ...m!, token });
      expect(answer.waitlist).toMatchObject({ open: false, position: null, entry_id: null });
    });
    await at(t, cls.start.getTime() + MINUTE, holders[0]!, async (token) => {
      expectError(await cancel(reservations[0]!, { ...holders[0]!, token }), 422);
    });
    expect(await outboxTo(m!.email)).toEqual([]);
  });
});

describe(`booking policy (${databaseKind})`, () => {
  it("states the policy on class answers in the location's offset", async () => {
    const cls = await createClass(t, { startsIn: 2 * DAY });
    const answer = await classOf(cls.id);
    expect(answer.policy).toMatchObject({
      booking_window_days: 7,
      late_cancel_minutes: 720,
      auto_book_cutoff_minutes: 120,
      // The location sets no limit of its own: the default applies, and the answers say which.
      max_open_bookings: DEFAULT_MAX_OPEN_BOOKINGS,
    });
    expect(Date.parse(answer.policy.booking_opens_at)).toBe(cls.start.getTime() - 7 * DAY);
    expect(Date.parse(answer.policy.free_cancel_until)).toBe(cls.start.getTime() - 12 * HOUR);
  });

  it("states the policy on location answers", async () => {
    const live = (await t.call("GET", "/tsapi/locations/live")).json();
    expect(live.policy).toEqual({
      booking_window_days: 7,
      late_cancel_minutes: 720,
      auto_book_cutoff_minutes: 120,
      // The location sets no limit of its own: the default applies, and the answers say which.
      max_open_bookings: DEFAULT_MAX_OPEN_BOOKINGS,
    });
  });

  it("refuses booking before the window opens, naming when it does", async () => {
    const cls = await createClass(t, { startsIn: 8 * DAY });
    const [m] = await members(1);
    const refused = expectError(await book(cls.id, m!), 400);
    expect(refused.text).toMatch(/^Booking for this class opens .* \(7 days before/);
    // The code and the opening instant let a client say it in its own language and the class's zone.
    expect(refused.code).toBe("booking_not_open");
    expect(refused.values).toEqual({
      opens: new Date(cls.start.getTime() - 7 * DAY).toISOString(),
      zone: expect.any(String),
      count: 7,
    });
    const before = t.clock.now();
    t.clock.set(new Date(cls.start.getTime() - 7 * DAY + MINUTE));
    try {
      const signed = await t.signIn(m!.email, m!.password);
      expect((await book(cls.id, { ...m!, token: signed.token })).statusCode).toBe(200);
    } finally {
      t.clock.set(before);
    }
  });

  it("limits open bookings and waitlist places per member at a location", async () => {
    await t.db.updateTable("locations").set({ max_open_bookings: 2 }).where("id", "=", "live").execute();
    try {
      const [m] = await members(1);
      const one = await createClass(t, { startsIn: DAY });
      const two = await createClass(t, { startsIn: 2 * DAY });
      const three = await createClass(t, { startsIn: 3 * DAY });
      const full = await fullClass(1, 4 * DAY);
      expect((await book(one.id, m!)).statusCode).toBe(200);
      expect((await join(full.cls.id, m!)).statusCode).toBe(200);
      expect(expectError(await book(two.id, m!), 400).text).toMatch(
        /^You can hold at most 2 open bookings and waitlist places at .+\. Cancel one to book another\.$/,
      );
      expectError(await book(three.id, m!), 400);
    } finally {
      await t.db.updateTable("locations").set({ max_open_bookings: null }).where("id", "=", "live").execute();
    }
  });
});

describe(`races (${databaseKind})`, () => {
  it(
    "50 booking and 20 cancelling one class at once: booked ≤ capacity, the waitlist in order, nobody booked and waiting, each promotion emailed once",
    async () => {
      const capacity = 20;
      const { cls, holders, reservations } = await fullClass(capacity, DAY, 200);
      const waiters = await members(5);
      for (const m of waiters) expect((await join(cls.id, m)).statusCode).toBe(200);
      const bookers = await members(50);
      // 50 book and 20 cancel at once; every booker that finds the class full joins the waitlist.
      const answers = await Promise.all([
        ...bookers.map(async (m) => {
          const res = await book(cls.id, m);
          if (res.statusCode === 200) return "booked";
          expect(res.json().message).toBe("Class full");
          const joined = await join(cls.id, m);
          expect([200, 400]).toContain(joined.statusCode);
          return joined.statusCode === 200 ? "waiting" : "booked-after";
        }),
        ...holders.map(async (m, i) => {
          expect((await cancel(reservations[i]!, m)).statusCode).toBe(200);
          return "cancelled";
        }),
      ]);
      expect(answers.filter((a) => a === "cancelled")).toHaveLength(20);

      const state = await counts(cls.id);
      const active = await t.db
        .selectFrom("reservations")
        .select(["user_id", "from_waitlist"])
        .where("class_id", "=", cls.id)
        .where("status", "<>", "standard cancel")
        .execute();
      const waiting = await t.db
        .selectFrom("waitlist_entries")
        .select(["user_id", "seq", "created_at"])
        .where("class_id", "=", cls.id)
        .where("status", "=", "waiting")
        .orderBy("seq")
        .execute();
      expect(state.booked).toBeLessThanOrEqual(capacity);
      expect(state.booked).toBe(active.length);
      expect(state.waitlisted).toBe(waiting.length);
      // Spots that opened went to people before the class filled again: it is full while anyone waits.
      if (waiting.length > 0) expect(state.booked).toBe(capacity);
      const bookedIds = new Set(active.map((r) => r.user_id));
      expect(waiting.filter((w) => bookedIds.has(w.user_id))).toEqual([]);
      expect(new Set(active.map((r) => r.user_id)).size).toBe(active.length);
      // The five who waited first were promoted first: none of them still waits while a later joiner was promoted.
      const promoted = await t.db
        .selectFrom("waitlist_entries")
        .select(["user_id", "seq"])
        .where("class_id", "=", cls.id)
        .where("status", "=", "promoted")
        .orderBy("seq")
        .execute();
      const lastPromoted = promoted.at(-1);
      if (lastPromoted) for (const w of waiting) expect(Number(w.seq)).toBeGreaterThan(Number(lastPromoted.seq));
      // Positions answered are 1..n in queue order.
      for (const [i, w] of waiting.slice(0, 5).entries()) {
        const m = bookers.find((b) => b.user.id === w.user_id) ?? waiters.find((b) => b.user.id === w.user_id)!;
        expect((await classOf(cls.id, m)).waitlist.position).toBe(i + 1);
      }
      // Every automatic promotion emailed exactly once.
      const auto = active.filter((r) => r.from_waitlist);
      for (const r of auto) {
        const email = [...bookers, ...waiters].find((m) => m.user.id === r.user_id)!.email;
        expect((await outboxTo(email)).filter((x) => x.subject.startsWith("You're booked"))).toHaveLength(1);
      }
      expect(auto.length).toBe(promoted.length);
    },
    RACE_TIMEOUT_MS,
  );

  it(
    "one member joining and booking a class while its spot opens is never both booked and waiting for it",
    async () => {
      const { cls, holders, reservations } = await fullClass(1, DAY);
      const [m] = await members(1);
      await Promise.all([join(cls.id, m!), cancel(reservations[0]!, holders[0]!), book(cls.id, m!), join(cls.id, m!)]);
      const booked = await t.db
        .selectFrom("reservations")
        .select("id")
        .where("class_id", "=", cls.id)
        .where("user_id", "=", m!.user.id)
        .where("status", "<>", "standard cancel")
        .execute();
      const waiting = await t.db
        .selectFrom("waitlist_entries")
        .select("id")
        .where("class_id", "=", cls.id)
        .where("user_id", "=", m!.user.id)
        .where("status", "=", "waiting")
        .execute();
      expect(booked.length + waiting.length).toBeLessThanOrEqual(1);
      expect(await counts(cls.id)).toMatchObject({ booked: booked.length, waitlisted: waiting.length });
    },
    RACE_TIMEOUT_MS,
  );
});

describe(`one queue order everywhere (${databaseKind})`, () => {
  it(
    "20 joining at once: the staff roster, each member's position and the promotions all follow the queue",
    async () => {
      const { cls, holders, reservations } = await fullClass(3, DAY, 30);
      const joiners = await members(20);
      const joined = await Promise.all(joiners.map((m) => join(cls.id, m)));
      for (const res of joined) expect(res.statusCode, res.body).toBe(200);
      const queue = (
        await t.db
          .selectFrom("waitlist_entries")
          .select("user_id")
          .where("class_id", "=", cls.id)
          .where("status", "=", "waiting")
          .orderBy("seq")
          .execute()
      ).map((w) => w.user_id);
      expect(queue).toHaveLength(20);

      const owner = (await t.signIn("owner@demo.fitkit.dev")).token;
      const roster = await t.call("GET", `/studio-admin/v1/classes/${cls.id}/roster`, { token: owner });
      expect(roster.statusCode, roster.body).toBe(200);
      const listed = roster.json().waitlist as { user_id: string; position: number }[];
      expect(listed.map((w) => w.user_id)).toEqual(queue);
      expect(listed.map((w) => w.position)).toEqual(queue.map((_, i) => i + 1));
      const positions = await Promise.all(
        queue.map(
          async (id) =>
            (
              await classOf(
                cls.id,
                joiners.find((m) => m.user.id === id),
              )
            ).waitlist.position,
        ),
      );
      expect(positions).toEqual(queue.map((_, i) => i + 1));

      // Three spots open one after another, before the cutoff: the roster's first three are booked, in its order.
      const promoted: string[] = [];
      for (const [i, holder] of holders.entries()) {
        expect((await cancel(reservations[i]!, holder)).statusCode).toBe(200);
        const booked = await t.db
          .selectFrom("reservations")
          .select("user_id")
          .where("class_id", "=", cls.id)
          .where("from_waitlist", "=", true)
          .$if(promoted.length > 0, (qb) => qb.where("user_id", "not in", promoted))
          .execute();
        expect(booked).toHaveLength(1);
        promoted.push(booked[0]!.user_id);
      }
      expect(promoted).toEqual(listed.slice(0, 3).map((w) => w.user_id));
    },
    RACE_TIMEOUT_MS,
  );
});

describe(`account erasure (${databaseKind})`, () => {
  it("lowers the class counts of an erased member and promotes from the waitlist", async () => {
    // Classes past the grace period: the window is widened so they can be booked today.
    await t.db.updateTable("locations").set({ booking_window_days: 30 }).where("id", "=", "live").execute();
    try {
      const start = (ACCOUNT_DELETION_GRACE_DAYS + 3) * DAY;
      const { cls, holders } = await fullClass(1, start);
      const other = await fullClass(1, start + 2 * HOUR);
      const [leaving, next] = await members(2);
      // The leaving member holds the first class's spot (they are its holder) and waits for the other.
      const leaver = holders[0]!;
      expect((await join(other.cls.id, leaver)).statusCode).toBe(200);
      expect((await join(cls.id, next!)).statusCode).toBe(200);
      expect((await join(other.cls.id, leaving!)).statusCode).toBe(200);

      const res = await t.call("POST", "/user/v1/deletion", {
        token: leaver.token,
        body: { password: leaver.password },
      });
      expect(res.statusCode, res.body).toBe(200);
      const before = t.clock.now();
      t.clock.advance((ACCOUNT_DELETION_GRACE_DAYS + 1) * DAY);
      try {
        expect((await t.app.accountErasure.run()).erased).toBeGreaterThanOrEqual(1);
        expect(await counts(cls.id)).toMatchObject({ booked: 1, waitlisted: 0 });
        expect(await counts(other.cls.id)).toMatchObject({ booked: 1, waitlisted: 1 });
        const fresh = await t.signIn(next!.email, next!.password);
        const promoted = (await t.call("GET", "/studios/reservation", { token: fresh.token })).json().items;
        expect(promoted).toMatchObject([{ from_waitlist: true, class_data: { id: cls.id } }]);
        expect((await outboxTo(next!.email)).map((x) => x.subject)).toEqual(["You're booked: Strength & Sculpt"]);
        const still = await t.signIn(leaving!.email, leaving!.password);
        expect((await classOf(other.cls.id, { ...leaving!, token: still.token })).waitlist.position).toBe(1);
      } finally {
        t.clock.set(before);
      }
    } finally {
      await t.db.updateTable("locations").set({ booking_window_days: 7 }).where("id", "=", "live").execute();
    }
  });
});
