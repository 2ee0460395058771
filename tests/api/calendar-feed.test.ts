import { createHash, randomBytes } from "node:crypto";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../host/server/clock.js";
import { activityFixture, playWorkout, type ActivityFixture } from "./activity-fixtures.js";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { createClass, DAY, HOUR, MINUTE, signUpMember } from "./studios-fixtures.js";

/** 23:30 in Chicago on Friday 6 March 2026 (05:30 UTC on the 7th), two days before the clocks go forward there. */
const START = Date.parse("2026-03-07T05:30:00Z");

let t: TestApp;
let fx: ActivityFixture;
beforeAll(async () => {
  t = await startTestApp({ clock: new TestClock(START) });
  fx = await activityFixture(t);
});
afterAll(() => t.close());

interface FeedSettings {
  https_url: string;
  webcal_url: string;
  time_zone: string;
  created_at: string;
  rotated_at: string | null;
}

const settings = async (token: string, query = "") => {
  const res = await t.call("GET", `/v2/user/calendar-feed${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FeedSettings>();
};
const rotate = async (token: string) => {
  const res = await t.call("POST", "/v2/user/calendar-feed/rotate", { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FeedSettings>();
};
/** The feed as a calendar app fetches it: no token, only the URL. */
const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
  t.call("GET", new URL(url).pathname, { headers });
const book = async (token: string, classId: string) => {
  const res = await t.call("POST", "/studios/reservation/", { body: { class_id: classId }, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>();
};

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  sequence: number;
  status: string;
  /** A DATE value ("2026-03-06") for all-day events, the instant (ISO) for timed ones; "" when absent. */
  start: string;
  end: string;
  allDay: boolean;
  stamp: string;
  lastModified: string;
}

/**
 * Parses an iCalendar document with ical.js (a real RFC 5545 parser), after checking the framing it does not: CRLF
 * line ends, lines folded at 75 octets, and the properties RFC 5545 requires of the calendar and of each event.
 */
function parseFeed(body: string) {
  expect(body.endsWith("\r\n")).toBe(true);
  const lines = body.slice(0, -2).split("\r\n");
  for (const line of lines) {
    expect(line.includes("\n") || line.includes("\r")).toBe(false);
    expect(Buffer.byteLength(line, "utf8"), line).toBeLessThanOrEqual(75);
  }
  const calendar = new ICAL.Component(ICAL.parse(body));
  expect(calendar.name).toBe("vcalendar");
  expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  expect(calendar.getFirstPropertyValue("prodid")).toBeTruthy();
  const events = calendar.getAllSubcomponents("vevent").map((component): ParsedEvent => {
    for (const required of ["uid", "dtstamp", "dtstart"]) expect(component.hasProperty(required)).toBe(true);
    const event = new ICAL.Event(component);
    const allDay = event.startDate.isDate;
    const when = (time: InstanceType<typeof ICAL.Time> | null) =>
      !time ? "" : time.isDate ? time.toString() : time.toJSDate().toISOString();
    expect(event.endDate.compare(event.startDate)).toBe(1);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      sequence: event.sequence,
      status: String(component.getFirstPropertyValue("status")),
      start: when(event.startDate),
      end: when(event.endDate),
      allDay,
      stamp: when(component.getFirstPropertyValue("dtstamp") as InstanceType<typeof ICAL.Time>),
      lastModified: when(component.getFirstPropertyValue("last-modified") as InstanceType<typeof ICAL.Time> | null),
    };
  });
  const uids = events.map((e) => e.uid);
  expect(new Set(uids).size, "one event per UID").toBe(uids.length);
  return { calendar, events };
}

const feedEvents = async (url: string) => {
  const res = await fetchFeed(url);
  expect(res.statusCode, res.body).toBe(200);
  return parseFeed(res.body).events;
};

describe("feed settings", () => {
  it("answers the member's private URL in https and webcal forms, built from the public URL, the same on every read", async () => {
    expectError(await t.call("GET", "/v2/user/calendar-feed"), 401);
    const { token, user } = await signUpMember(t);
    const first = await settings(token, "?tz=America/Chicago");
    expect(first.https_url).toMatch(/^http:\/\/app\.fitkit\.test\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(first.webcal_url).toBe(first.https_url.replace(/^http:/, "webcal:"));
    expect(first).toMatchObject({
      time_zone: "America/Chicago",
      created_at: new Date(START).toISOString(),
      rotated_at: null,
    });
    t.clock.advance(MINUTE);
    expect(await settings(token)).toEqual(first);

    // The database holds the secret's SHA-256 only: nothing stored spells the URL.
    const secret = /\/calendar\/([^/]+)\.ics$/.exec(first.https_url)![1]!;
    const row = await t.db.selectFrom("calendar_feeds").selectAll().where("user_id", "=", user.id).executeTakeFirst();
    expect(row?.secret_hash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it("refuses a time zone it does not know and unknown query properties", async () => {
    const { token } = await signUpMember(t);
    expect(expectError(await t.call("GET", "/v2/user/calendar-feed?tz=Mars/Olympus", { token }), 400).text).toBe(
      "tz must be a valid IANA time zone",
    );
    expectError(await t.call("GET", "/v2/user/calendar-feed?secret=x", { token }), 400);
    expectError(await t.call("POST", "/v2/user/calendar-feed/rotate", { token, body: { secret: "x" } }), 400);
    expectError(await t.call("POST", "/v2/user/calendar-feed/rotate"), 401);
  });
});

describe("the feed", () => {
  it("holds the booked class, each plan day and the series' next workout, as valid iCalendar with stable UIDs", async () => {
    t.clock.set(START);
    const { token } = await signUpMember(t);
    const cls = await createClass(t, { startsIn: 2 * DAY, minutes: 45 });
    const reservation = await book(token, cls.id);
    await t.call("POST", `/v2/workouts/calendars/${fx.calendar.id}/enroll`, { token });
    await t.call("POST", "/v2/workouts/series/enroll", { token, body: { series_id: fx.series.id } });
    t.clock.advance(10 * MINUTE); // 23:40 in Chicago: the first workout is done on Friday the 6th
    await playWorkout(t, token, fx.workouts.long, 1800);
    const { https_url } = await settings(token, "?tz=America/Chicago");

    const res = await fetchFeed(https_url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    const { calendar, events } = parseFeed(res.body);
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("fitkit");
    const seconds = (name: string) =>
      ICAL.Duration.fromString(String(calendar.getFirstPropertyValue(name))).toSeconds();
    expect(seconds("refresh-interval")).toBe(3600);
    expect(seconds("x-published-ttl")).toBe(3600);

    const byUid = new Map(events.map((e) => [e.uid, e]));
    expect(byUid.get(`${cls.id}@fitkit`)).toMatchObject({
      summary: `Strength & Sculpt with ${cls.trainer.name}`,
      start: cls.start.toISOString(),
      end: cls.end.toISOString(),
      allDay: false,
      status: "CONFIRMED",
      sequence: 0,
    });
    // The one-class download writes the same UID, so a class added both ways is one event.
    const single = await t.call("GET", `/studios/reservation/${reservation.id}/calendar.ics`, { token });
    expect(parseFeed(single.body).events.map((e) => e.uid)).toEqual([`${cls.id}@fitkit`]);

    // The plan: one all-day event a day, day 1 being the enrolment date in Chicago (Friday the 6th, not UTC's 7th).
    const plan = events.filter((e) => e.uid.startsWith("calendar-"));
    expect(plan.map((e) => [e.uid.replace(/^calendar-[0-9a-f]{20}-/, ""), e.start, e.end, e.summary])).toEqual([
      ["day-1@fitkit", "2026-03-06", "2026-03-07", "✓ Day 1: Long Sculpt"],
      ["day-2@fitkit", "2026-03-07", "2026-03-08", "Day 2: Rest day"],
      ["day-3@fitkit", "2026-03-08", "2026-03-09", "Day 3: Walk"],
    ]);
    expect(plan.every((e) => e.allDay && e.description.startsWith("Fixture Calendar, day "))).toBe(true);

    // The series' next workout: the day after the last one done.
    const next = events.filter((e) => e.uid.startsWith("series-"));
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({
      summary: "Next in Fixture Series: Medium Burn",
      start: "2026-03-07",
      allDay: true,
      sequence: 1,
    });
    expect(next[0]!.uid).toMatch(/^series-[0-9a-f]{20}-next@fitkit$/);
    expect(events).toHaveLength(5);
  });

  it("writes the same bytes on every refresh until something changes, answers 304 to its ETag, and updates events in place", async () => {
    t.clock.set(START);
    const member = await signUpMember(t);
    const { token } = member;
    const cls = await createClass(t, { startsIn: DAY });
    const reservation = await book(token, cls.id);
    await t.call("POST", "/v2/workouts/series/enroll", { token, body: { series_id: fx.series.id } });
    await playWorkout(t, token, fx.workouts.long, 1800);
    const { https_url } = await settings(token, "?tz=America/Chicago");

    const first = await fetchFeed(https_url);
    t.clock.advance(5 * MINUTE);
    const second = await fetchFeed(https_url);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    const unchanged = await fetchFeed(https_url, { "if-none-match": String(first.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe("");
    const before = parseFeed(first.body).events;
    const seriesUid = before.find((e) => e.uid.startsWith("series-"))!.uid;

    // Saturday 00:30 in Chicago: the second workout moves the next one to Sunday, under the same UID, a later SEQUENCE.
    t.clock.set(START + HOUR);
    const later = (await t.signIn(member.email, member.password)).token; // access tokens live 15 minutes
    await playWorkout(t, later, fx.workouts.medium, 1200);
    const moved = await fetchFeed(https_url, { "if-none-match": String(first.headers.etag) });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).not.toBe(first.headers.etag);
    const after = parseFeed(moved.body).events.find((e) => e.uid === seriesUid)!;
    expect(after).toMatchObject({ summary: "Next in Fixture Series: Short Core", start: "2026-03-08", sequence: 2 });
    expect(after.lastModified).toBe(new Date(START + HOUR).toISOString());
    expect(after.stamp).toBe(after.lastModified);

    // Days later with nothing done, the next workout rolls onto today (Wednesday the 11th, after the DST change).
    t.clock.set(Date.parse("2026-03-11T15:00:00Z"));
    const rolled = (await feedEvents(https_url)).find((e) => e.uid === seriesUid)!;
    expect(rolled).toMatchObject({ start: "2026-03-11", end: "2026-03-12", sequence: 5 });
    expect(rolled.lastModified).toBe("2026-03-11T05:00:00.000Z"); // midnight in Chicago, now on CDT

    // A cancelled reservation leaves the feed; booking again brings back the same UID.
    t.clock.set(START + HOUR);
    const classUid = `${cls.id}@fitkit`;
    const cancelled = await t.call("POST", `/studios/reservation/${reservation.id}/cancel`, { token: later });
    expect(cancelled.statusCode).toBe(200);
    expect((await feedEvents(https_url)).map((e) => e.uid)).not.toContain(classUid);
    await book(later, cls.id);
    expect((await feedEvents(https_url)).find((e) => e.uid === classUid)?.status).toBe("CONFIRMED");

    // The studio cancelling the class marks the member's event cancelled, with a higher SEQUENCE.
    await t.db.updateTable("live_classes").set({ cancelled_at: t.clock.now() }).where("id", "=", cls.id).execute();
    expect((await feedEvents(https_url)).find((e) => e.uid === classUid)).toMatchObject({
      status: "CANCELLED",
      summary: `Cancelled: Strength & Sculpt with ${cls.trainer.name}`,
      sequence: 1,
    });
  });

  it("dates the plan's days in the zone the member's device last reported", async () => {
    t.clock.set(START);
    const { token } = await signUpMember(t);
    await t.call("POST", `/v2/workouts/calendars/${fx.calendar.id}/enroll`, { token });
    const chicago = await settings(token, "?tz=America/Chicago");
    const dayOne = async () => (await feedEvents(chicago.https_url)).find((e) => /-day-1@fitkit$/.test(e.uid))!;
    const uid = (await dayOne()).uid;
    expect((await dayOne()).start).toBe("2026-03-06");
    // 05:30 UTC is 14:30 in Tokyo on the 7th. The URL stays the same; the event keeps its UID and moves.
    expect((await settings(token, "?tz=Asia/Tokyo")).https_url).toBe(chicago.https_url);
    expect(await dayOne()).toMatchObject({ uid, start: "2026-03-07" });
  });
  it("moves a paused calendar's days as the app dates them, and leaves a paused series' next workout out", async () => {
    t.clock.set(START);
    const member = await signUpMember(t);
    await t.call("POST", `/v2/workouts/calendars/${fx.calendar.id}/enroll`, { token: member.token });
    await t.call("POST", "/v2/workouts/series/enroll", { token: member.token, body: { series_id: fx.series.id } });
    const { https_url } = await settings(member.token, "?tz=America/Chicago");
    const events = async () => await feedEvents(https_url);
    const plan = async () =>
      (await events())
        .filter((e) => e.uid.startsWith("calendar-"))
        .map((e) => [e.uid.replace(/^calendar-[0-9a-f]{20}-/, ""), e.start, e.sequence]);
    const signIn = async () => (await t.signIn(member.email, member.password)).token; // access tokens live 15 minutes
    const post = async (token: string, url: string, body?: object) => {
      const res = await t.call("POST", url, { token, body });
      expect(res.statusCode, res.body).toBe(200);
    };

    // Saturday 11:30 in Chicago, day 2: both plans paused. The series has nothing due while paused.
    t.clock.set(START + 12 * HOUR);
    let token = await signIn();
    await post(token, `/v2/workouts/calendars/${fx.calendar.id}/pause`, { tz: "America/Chicago" });
    await post(token, "/v2/workouts/series/pause", { series_id: fx.series.id });
    expect((await events()).filter((e) => e.uid.startsWith("series-"))).toEqual([]);

    // Monday noon in Chicago, after the clocks went forward on Sunday: resumed after two dates. Day 1 stays; day 2
    // and later move by two dates, each under its UID with a SEQUENCE two higher, as GET …/calendars/mine dates them.
    t.clock.set(Date.parse("2026-03-09T17:00:00Z"));
    token = await signIn();
    await post(token, `/v2/workouts/calendars/${fx.calendar.id}/resume`, { tz: "America/Chicago" });
    await post(token, "/v2/workouts/series/resume", { series_id: fx.series.id });
    expect(await plan()).toEqual([
      ["day-1@fitkit", "2026-03-06", 0],
      ["day-2@fitkit", "2026-03-09", 2],
      ["day-3@fitkit", "2026-03-10", 2],
    ]);
    const mine = await t.call("GET", "/v2/workouts/calendars/mine?tz=America/Chicago", { token });
    const app = mine
      .json<{ data: { calendar_id: string; days: { date: string }[] }[] }>()
      .data.find((c) => c.calendar_id === fx.calendar.id);
    expect(app?.days.map((d) => d.date)).toEqual(["2026-03-06", "2026-03-09", "2026-03-10"]);
    expect((await events()).filter((e) => e.uid.startsWith("series-"))).toHaveLength(1);
  });
});

describe("who can read a feed", () => {
  it("rotating kills the old URL at once and the new one serves the same feed", async () => {
    t.clock.set(START);
    const { token } = await signUpMember(t);
    const cls = await createClass(t, { startsIn: DAY });
    await book(token, cls.id);
    const old = await settings(token);
    expect((await fetchFeed(old.https_url)).statusCode).toBe(200);

    t.clock.advance(MINUTE);
    const fresh = await rotate(token);
    expect(fresh.https_url).not.toBe(old.https_url);
    expect(fresh).toMatchObject({ created_at: old.created_at, rotated_at: t.clock.now().toISOString() });
    expect(expectError(await fetchFeed(old.https_url), 404).text).toBe("Calendar feed not found");
    expect((await feedEvents(fresh.https_url)).map((e) => e.uid)).toEqual([`${cls.id}@fitkit`]);
    expect(await settings(token)).toEqual(fresh);
  });

  it("answers 404 to unknown, malformed and deactivated members' secrets", async () => {
    expectError(await t.call("GET", `/calendar/${randomBytes(32).toString("base64url")}.ics`), 404);
    expectError(await t.call("GET", "/calendar/short.ics"), 404);
    expectError(await t.call("GET", "/calendar/nothing-here"), 404);
    const gone = await signUpMember(t);
    const { https_url } = await settings(gone.token);
    const secret = /\/calendar\/([^/]+)\.ics$/.exec(https_url)![1]!;
    expectError(await t.call("GET", `/calendar/${secret}`), 404); // the name is {secret}.ics
    expectError(await t.call("GET", `/calendar/${secret}.ICS`), 404);
    expect((await t.call("POST", "/user/v2/sso/deactivate", { token: gone.token })).statusCode).toBe(200);
    expectError(await fetchFeed(https_url), 404);
  });

  it("stops answering while the member's account waits to be erased, and answers again if they cancel the deletion", async () => {
    t.clock.set(START);
    const member = await signUpMember(t);
    const { https_url } = await settings(member.token);
    expect((await fetchFeed(https_url)).statusCode).toBe(200);
    const deletion = await t.call("POST", "/user/v1/deletion", {
      token: member.token,
      body: { password: member.password },
    });
    expect(deletion.statusCode, deletion.body).toBe(200);
    expectError(await fetchFeed(https_url), 404);
    const cancel = await t.call("POST", "/api/auth/deletion/cancel", {
      body: { email: member.email, password: member.password },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await fetchFeed(https_url)).statusCode).toBe(200);
  });

  it("never shows one member anything of another's, and one member's rotation leaves the other's feed alone", async () => {
    t.clock.set(START);
    const a = await signUpMember(t);
    const b = await signUpMember(t);
    const mine = await createClass(t, { startsIn: DAY });
    const theirs = await createClass(t, { startsIn: DAY + HOUR });
    await book(a.token, mine.id);
    await book(b.token, theirs.id);
    await t.call("POST", `/v2/workouts/calendars/${fx.calendar.id}/enroll`, { token: b.token });
    const feedA = await settings(a.token);
    const feedB = await settings(b.token);
    expect(feedA.https_url).not.toBe(feedB.https_url);
    expect((await feedEvents(feedA.https_url)).map((e) => e.uid)).toEqual([`${mine.id}@fitkit`]);
    const ofB = (await feedEvents(feedB.https_url)).map((e) => e.uid);
    expect(ofB).toContain(`${theirs.id}@fitkit`);
    expect(ofB).not.toContain(`${mine.id}@fitkit`);

    await rotate(b.token);
    expect((await fetchFeed(feedA.https_url)).statusCode).toBe(200);
    expect((await settings(a.token)).https_url).toBe(feedA.https_url);
  });
});
