import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { at, createClass, DAY, HOUR, LIVE_CLASS_FIELDS, MINUTE, signUpMember } from "./studios-fixtures.js";
import { isoInZone } from "../../host/server/services/zoned-time.js";

let t: TestApp;
let me: { email: string; password: string; token: string };
let zones: Map<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  me = await signUpMember(t);
  zones = new Map(
    (await t.db.selectFrom("locations").select(["id", "time_zone"]).execute()).map((l) => [l.id, l.time_zone]),
  );
});
afterAll(() => t.close());

interface LiveClass {
  id: string;
  start_date: string;
  end_date: string;
  startDateTime: string;
  duration: number;
  class_full: boolean;
  completed: boolean;
  spots_left: number;
  zoom_link?: string | null;
  [key: string]: unknown;
}

async function classes(query: string, token?: string): Promise<{ items: LiveClass[]; total: number }> {
  const res = await t.call("GET", `/studios/class${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The local calendar date `days` from the clock's today in a zone. */
function localDay(zone: string, days: number, from = t.clock.now()): string {
  const today = isoInZone(from, zone).slice(0, 10);
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

const LOCATIONS = ["chicago", "new-york", "los-angeles", "live"];

describe("the schedule", () => {
  it.each(LOCATIONS)("has classes on every day of the next 30 days at %s", async (location) => {
    const zone = zones.get(location)!;
    const { items, total } = await classes(`?location=${location}&public=true`);
    expect(total).toBe(items.length);
    const days = new Set(items.map((c) => c.start_date.slice(0, 10)));
    for (let d = 0; d <= 30; d++) expect(days, `day +${d}`).toContain(localDay(zone, d));
    expect([...days].sort().at(-1)).toBe(localDay(zone, 30));
  });

  it("answers every LiveClass field, with times in the location's zone", async () => {
    const { items } = await classes("?location=chicago", me.token);
    for (const c of items.slice(0, 20)) {
      expect(Object.keys(c).sort()).toEqual(LIVE_CLASS_FIELDS);
      expect(c.start_date).toBe(isoInZone(new Date(c.start_date), "America/Chicago"));
      expect(c.start_date).toMatch(/T\d{2}:\d{2}:\d{2}\.\d{3}-0[56]:00$/);
      expect(c.startDateTime).toBe(c.start_date);
      expect((Date.parse(c.end_date) - Date.parse(c.start_date)) / MINUTE).toBe(c.duration);
      expect(c.spots_left).toBeGreaterThanOrEqual(0);
      expect(c.class_full).toBe(c.spots_left === 0);
      expect(c.zoom_link).toBeNull();
      expect(Array.isArray(c.equipment)).toBe(true);
      expect(typeof c.trainer_name).toBe("string");
      expect(typeof c.type).toBe("string");
    }
    const la = (await classes("?location=los-angeles&public=true")).items[0]!;
    expect(la.start_date).toMatch(/-0[78]:00$/);
    // Where to go: an in-person studio with its address, or the live virtual studio (a video-call link).
    expect(items[0]!.location).toEqual({
      id: "chicago",
      slug: "chicago",
      name: "Chicago",
      kind: "studio",
      address: "1530 N Wells St, Chicago, IL 60610",
      city: "Chicago",
      time_zone: "America/Chicago",
    });
    expect((await classes("?location=live&public=true")).items[0]!.location).toMatchObject({
      kind: "virtual",
      name: "Live Virtual Studio",
    });
  });

  it("leaves member-only fields out of public answers, even for a member", async () => {
    const { items } = await classes("?public=true", me.token);
    expect(items.length).toBeGreaterThan(0);
    for (const c of items) expect(Object.keys(c).sort()).toEqual(LIVE_CLASS_FIELDS.filter((f) => f !== "zoom_link"));
  });

  it("is public, answers with and without a trailing slash, and refuses an invalid token", async () => {
    expect((await t.call("GET", "/studios/class")).statusCode).toBe(200);
    expect((await t.call("GET", "/studios/class/?location=live")).statusCode).toBe(200);
    // Empty parameters mean "not given": every location, from today.
    expect((await classes("?location=&min_date=&max_date=&public=true")).total).toBe(
      (await classes("?public=true")).total,
    );
    expectError(await t.call("GET", "/studios/class", { token: "forged.token.value" }), 401);
  });

  it("filters by local date range in each class's own zone", async () => {
    const zone = zones.get("new-york")!;
    const from = localDay(zone, 2);
    const to = localDay(zone, 4);
    const { items } = await classes(`?location=new-york&min_date=${from}&max_date=${to}&public=true`);
    const days = new Set(items.map((c) => c.start_date.slice(0, 10)));
    expect([...days].sort()).toEqual([from, localDay(zone, 3), to]);
  });

  it("filters by instants when given date-times", async () => {
    // A window opening half an hour before tomorrow's first class: the studio's hours, not the clock's, decide what
    // falls inside it (a window of the clock's hour + 24 h is empty when the run starts late in the evening).
    const tomorrow = localDay(zones.get("live")!, 1);
    const [first] = (await classes(`?location=live&min_date=${tomorrow}&max_date=${tomorrow}&public=true`)).items;
    const min = new Date(Date.parse(first!.start_date) - 30 * MINUTE);
    const max = new Date(min.getTime() + 6 * HOUR);
    const { items } = await classes(
      `?location=live&min_date=${min.toISOString()}&max_date=${encodeURIComponent(isoInZone(max, "America/New_York"))}&public=true`,
    );
    expect(items.length).toBeGreaterThan(0);
    for (const c of items) {
      expect(Date.parse(c.start_date)).toBeGreaterThanOrEqual(min.getTime());
      expect(Date.parse(c.start_date)).toBeLessThanOrEqual(max.getTime());
    }
  });

  it("reads an offset whose plus sign arrived unencoded", async () => {
    const min = isoInZone(new Date(t.clock.now().getTime() + DAY), "Asia/Kolkata");
    const { items } = await classes(`?location=live&min_date=${min}&public=true`);
    expect(items.length).toBeGreaterThan(0);
    for (const c of items) expect(Date.parse(c.start_date)).toBeGreaterThanOrEqual(Date.parse(min));
  });

  it("allows past dates (history), marking ended classes completed", async () => {
    const zone = zones.get("live")!;
    const { items } = await classes(
      `?location=live&min_date=${localDay(zone, -7)}&max_date=${localDay(zone, -6)}&public=true`,
    );
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((c) => c.completed)).toBe(true);
  });

  it("answers nothing beyond 30 days ahead, whatever max_date asks", async () => {
    const far = await createClass(t, { startsIn: 40 * DAY, location: "chicago" });
    const zone = zones.get("chicago")!;
    const { items } = await classes(
      `?location=chicago&min_date=${localDay(zone, 25)}&max_date=${localDay(zone, 60)}&public=true`,
    );
    expect(items.map((c) => c.id)).not.toContain(far.id);
    expect(items.every((c) => c.start_date.slice(0, 10) <= localDay(zone, 30))).toBe(true);
  });

  it("leaves out classes the studio cancelled", async () => {
    const cls = await createClass(t, { startsIn: 3 * HOUR });
    const window = `?location=live&min_date=${cls.start.toISOString()}&max_date=${cls.start.toISOString()}`;
    expect((await classes(window)).items.map((c) => c.id)).toContain(cls.id);
    await t.db.updateTable("live_classes").set({ cancelled_at: t.clock.now() }).where("id", "=", cls.id).execute();
    expect((await classes(window)).items.map((c) => c.id)).not.toContain(cls.id);
  });

  it("shows spots left and full classes as members book", async () => {
    const cls = await createClass(t, { startsIn: 5 * HOUR, capacity: 2 });
    const window = `?location=live&min_date=${cls.start.toISOString()}&max_date=${cls.start.toISOString()}&public=true`;
    const find = async () => (await classes(window)).items.find((c) => c.id === cls.id)!;
    expect(await find()).toMatchObject({ spots_left: 2, class_full: false });
    for (const member of [me, await signUpMember(t)]) {
      expect(
        (await t.call("POST", "/studios/reservation/", { body: { class_id: cls.id }, token: member.token })).statusCode,
      ).toBe(200);
    }
    expect(await find()).toMatchObject({ spots_left: 0, class_full: true });
  });

  it("pages with limit and skip and counts the total", async () => {
    const all = await classes("?location=live&public=true");
    const page = await classes("?location=live&public=true&limit=5&skip=5");
    expect(page.total).toBe(all.total);
    expect(page.items.map((c) => c.id)).toEqual(all.items.slice(5, 10).map((c) => c.id));
  });

  it.each([
    ["?min_date=yesterday", "min_date must be a date (YYYY-MM-DD) or an ISO 8601 date-time"],
    ["?max_date=2026-02-30", "max_date must be a date (YYYY-MM-DD) or an ISO 8601 date-time"],
    ["?min_date=2026-11-22T10:00:00", "min_date must be a date (YYYY-MM-DD) or an ISO 8601 date-time"],
    ["?min_date=2026-12-10&max_date=2026-12-01", "min_date must not be after max_date"],
    ["?location=atlantis", 'location must be a known location ("atlantis" is not)'],
    ["?limit=0", "limit must not be less than 1"],
    ["?public=maybe", "public must be a boolean value"],
    ["?color=red", "property color should not exist"],
  ])("answers 400 for %s", async (query, message) => {
    const err = expectError(await t.call("GET", `/studios/class${query}`), 400);
    expect([err.message].flat()).toContain(message);
  });
});

describe("the video-call link", () => {
  it("is shown only to a member holding a reservation, from 15 minutes before start until the class ends", async () => {
    const cls = await createClass(t, { startsIn: 3 * HOUR, minutes: 30 });
    const stranger = await signUpMember(t);
    const booked = await t.call("POST", "/studios/reservation/", { body: { class_id: cls.id }, token: me.token });
    expect(booked.json().class_data.zoom_link).toBeNull();

    const window = `?location=live&min_date=${cls.start.toISOString()}&max_date=${cls.start.toISOString()}`;
    const linkAt = (instant: number, who: { email: string; password: string } | null, extra = "") =>
      who
        ? at(t, instant, who, async (token) =>
            (await classes(window + extra, token)).items.find((c) => c.id === cls.id)!,
          )
        : (async () => {
            const before = t.clock.now();
            t.clock.set(instant);
            try {
              return (await classes(window + extra)).items.find((c) => c.id === cls.id)!;
            } finally {
              t.clock.set(before);
            }
          })();

    const start = cls.start.getTime();
    expect((await linkAt(start - 15 * MINUTE - 1, me)).zoom_link).toBeNull();
    expect((await linkAt(start - 15 * MINUTE, me)).zoom_link).toBe(`https://video.example.test/${cls.id}`);
    expect((await linkAt(start + 10 * MINUTE, me)).zoom_link).toBe(`https://video.example.test/${cls.id}`);
    expect((await linkAt(cls.end.getTime(), me)).zoom_link).toBeNull();
    expect((await linkAt(start, stranger)).zoom_link).toBeNull();
    expect((await linkAt(start, null)).zoom_link).toBeNull();
    expect(await linkAt(start, me, "&public=true")).not.toHaveProperty("zoom_link");

    // In the member's reservation list too, within the same window.
    const listed = await at(
      t,
      start - 5 * MINUTE,
      me,
      async (token) => (await t.call("GET", "/studios/reservation", { token })).json().items,
    );
    expect(listed.find((r: { class_data: { id: string } }) => r.class_data.id === cls.id).class_data.zoom_link).toBe(
      `https://video.example.test/${cls.id}`,
    );

    // A cancelled reservation no longer sees it.
    expect(
      (await t.call("POST", `/studios/reservation/${booked.json().id}/cancel`, { token: me.token })).statusCode,
    ).toBe(200);
    expect((await linkAt(start, me)).zoom_link).toBeNull();
  });
});

describe("the schedule top-up job", () => {
  it("rolls the schedule forward a day when the clock moves, idempotently, leaving bookings alone", async () => {
    const job = t.app.scheduleTopUp;
    await job.run();
    expect(await job.run()).toBe(0);
    const booked = await t.db
      .selectFrom("live_classes")
      .select(["id", "booked"])
      .where("booked", ">", 0)
      .orderBy("id")
      .execute();

    const before = t.clock.now();
    t.clock.set(before.getTime() + DAY);
    try {
      expect(await job.run()).toBeGreaterThan(0);
      expect(await job.run()).toBe(0);
      for (const location of LOCATIONS) {
        const day = localDay(zones.get(location)!, 30);
        const { items } = await classes(`?location=${location}&min_date=${day}&max_date=${day}&public=true`);
        expect(items.length, location).toBeGreaterThan(0);
      }
    } finally {
      t.clock.set(before);
    }
    const after = await t.db
      .selectFrom("live_classes")
      .select(["id", "booked"])
      .where(
        "id",
        "in",
        booked.map((b) => b.id),
      )
      .orderBy("id")
      .execute();
    expect(after).toEqual(booked);
  });

  it("generates classes from a template a studio configures, and none from an inactive one", async () => {
    const trainer = await t.db
      .selectFrom("trainers")
      .select(["id", "name"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("schedule_templates")
      .values([
        {
          id: "la-early-barre",
          location_id: "los-angeles",
          weekdays: [2, 4],
          start_time: "05:15",
          duration: 40,
          class_type: "Early Barre",
          trainer_id: trainer.id,
          capacity: 8,
          equipment: ["Mat", "P.ball"],
          description: "Wake up and tone.",
          video_call_url: "https://rooms.example.test/{class_id}?pwd=x",
        },
        {
          id: "la-retired",
          location_id: "los-angeles",
          weekdays: [1, 2, 3, 4, 5, 6, 7],
          start_time: "21:00",
          duration: 30,
          class_type: "Retired",
          trainer_id: null,
          capacity: 8,
          video_call_url: null,
          active: false,
        },
      ])
      .execute();
    expect(await t.app.scheduleTopUp.run()).toBeGreaterThanOrEqual(8);

    const { items } = await classes("?location=los-angeles", me.token);
    const barre = items.filter((c) => c.type === "Early Barre");
    expect(items.some((c) => c.type === "Retired")).toBe(false);
    expect(barre.length).toBeGreaterThanOrEqual(8);
    for (const c of barre) {
      expect(c.id).toMatch(/^la-early-barre-\d{8}$/);
      expect(c.id.slice(-8)).toBe(c.start_date.slice(0, 10).replace(/-/g, ""));
      expect(c.start_date).toMatch(/T05:15:00\.000-0[78]:00$/);
      expect([2, 4]).toContain(new Date(`${c.start_date.slice(0, 10)}T12:00:00Z`).getUTCDay());
      expect(c).toMatchObject({
        duration: 40,
        trainer_name: trainer.name,
        equipment: ["Mat", "P.ball"],
        description: "Wake up and tone.",
        spots_left: 8,
      });
    }
    const stored = await t.db
      .selectFrom("live_classes")
      .select(["id", "zoom_link"])
      .where("template_id", "=", "la-early-barre")
      .executeTakeFirstOrThrow();
    expect(stored.zoom_link).toBe(`https://rooms.example.test/${stored.id}?pwd=x`);
  });

  it("keeps local wall-clock times across daylight-saving changes", async () => {
    await t.db
      .insertInto("schedule_templates")
      .values([
        {
          id: "chicago-dawn",
          location_id: "chicago",
          weekdays: [1, 2, 3, 4, 5, 6, 7],
          start_time: "06:00",
          duration: 30,
          class_type: "Dawn",
          trainer_id: null,
          capacity: 5,
          video_call_url: null,
        },
        {
          id: "chicago-night-owl",
          location_id: "chicago",
          weekdays: [7],
          start_time: "01:30",
          duration: 60,
          class_type: "Night Owl",
          trainer_id: null,
          capacity: 5,
          video_call_url: null,
        },
      ])
      .execute();
    const before = t.clock.now();
    t.clock.set(new Date("2027-03-10T12:00:00Z"));
    try {
      await t.app.scheduleTopUp.run();
      const { items } = await classes("?location=chicago&min_date=2027-03-13&max_date=2027-03-15&public=true");
      const dawn = items.filter((c) => c.type === "Dawn").map((c) => c.start_date);
      expect(dawn).toEqual([
        "2027-03-13T06:00:00.000-06:00",
        "2027-03-14T06:00:00.000-05:00",
        "2027-03-15T06:00:00.000-05:00",
      ]);
      // 01:30 + 60 minutes on the night the clocks jump from 02:00 to 03:00 ends at 03:30 local time.
      const owl = items.find((c) => c.type === "Night Owl")!;
      expect([owl.start_date, owl.end_date]).toEqual([
        "2027-03-14T01:30:00.000-06:00",
        "2027-03-14T03:30:00.000-05:00",
      ]);
    } finally {
      t.clock.set(before);
    }
  });
});
