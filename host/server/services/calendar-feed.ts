import { createHash, createHmac, hkdfSync, KeyObject, randomBytes } from "node:crypto";
import type { AuthKeys } from "../auth/keys.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { notFound } from "../errors.js";
import { classUid, renderFeed, type FeedEvent } from "../../../src/domain/ics.js";
import { classRows } from "./live-classes.js";
import { classEventText } from "./reservations.js";
import { planRows } from "./calendars.js";
import { planSchedule } from "./plan-days.js";
import { memberSeries } from "./series-progress.js";
import { addDays, daysBetween, localDay, startOfLocalDay } from "./zoned-time.js";
import { type Answer, exactObject } from "../schemas.js";

/** What the member's feed settings show: the two forms of the one URL, and the zone plan days are dated in. */
export const feedSettingsSchema = exactObject({
  https_url: { type: "string", description: "the private feed address: whoever has it reads the feed" },
  webcal_url: {
    type: "string",
    description: "the same address as webcal://, which opens a calendar app to subscribe",
  },
  time_zone: { type: "string", description: "IANA zone the plan's all-day events are dated in" },
  created_at: { type: "string", format: "date-time" },
  rotated_at: { type: ["string", "null"], format: "date-time" },
});
type FeedSettings = Answer<typeof feedSettingsSchema>;

/** The feed as the public route answers it. */
export interface RenderedFeed {
  body: string;
  /** Strong validator of the body: an unchanged feed answers 304 to a calendar app that sends it back. */
  etag: string;
}

/** How often calendar apps are asked to fetch again (they may fetch less often; Google does). */
const FEED_REFRESH_MINUTES = 60;
/** Booked classes that ended longer ago than this leave the feed (calendar apps then drop them too). */
const CLASS_HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;
/** `{43 base64url characters}.ics`: the one shape a feed file name has. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
const NOT_FOUND = "Calendar feed not found";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const later = (...instants: (Date | null | undefined)[]) =>
  new Date(Math.max(...instants.map((d) => (d ? d.getTime() : 0))));

/**
 * A short, stable, opaque id of one enrolment (member, plan, the instant they joined): the UIDs of its events. Leaving
 * and joining again is a new enrolment, so the old plan's events leave the member's calendar instead of being reused.
 */
const enrolmentKey = (kind: string, userId: string, id: string, since: Date) =>
  sha256(`${kind}\n${userId}\n${id}\n${since.toISOString()}`).slice(0, 20);

/**
 * The member's private calendar feed: their booked live classes, the plan of each calendar they follow (one all-day
 * event per day, dated in their zone) and the next workout of each series in progress, at
 * `{publicUrl}/calendar/{secret}.ics`.
 *
 * The secret is HMAC(key, member id, nonce), the key derived from the server's signing key: the settings page can show
 * the URL again without the database holding it, and the database keeps only SHA-256(secret) for the lookup. The
 * signing key is configured outside the database in production (FITKIT_JWT_PRIVATE_KEY), so a leaked database opens no
 * feed. Rotating draws a new nonce in one statement: the old URL's hash is gone, and it answers 404 from then on.
 * A request is answered by one indexed lookup on the hash of what was sent, so how long a miss takes says nothing
 * about how close a guess was.
 */
export class CalendarFeedService {
  readonly #key: Buffer;

  constructor(private readonly deps: { db: Db; clock: Clock; keys: AuthKeys; publicUrl: string }) {
    const der = KeyObject.from(deps.keys.privateKey).export({ type: "pkcs8", format: "der" });
    this.#key = Buffer.from(hkdfSync("sha256", der, "fitkit", "calendar-feed-secret", 32));
  }

  #secret(userId: string, nonce: string): string {
    return createHmac("sha256", this.#key).update(`${userId}\n${nonce}`).digest("base64url");
  }

  #fresh(userId: string) {
    const nonce = randomBytes(16).toString("base64url");
    return { nonce, secret_hash: sha256(this.#secret(userId, nonce)) };
  }

  /**
   * The member's feed settings, creating the feed on the first call. `timeZone`, when given (the app sends its
   * device's), becomes the zone the plan's days are dated in.
   */
  async settings(userId: string, timeZone?: string): Promise<FeedSettings> {
    const { db, clock } = this.deps;
    // Two first calls at once: one insert wins, the other does nothing, and both read the one row back.
    await db
      .insertInto("calendar_feeds")
      .values({ user_id: userId, ...this.#fresh(userId), time_zone: timeZone ?? "UTC", created_at: clock.now() })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();
    if (timeZone)
      await db
        .updateTable("calendar_feeds")
        .set({ time_zone: timeZone })
        .where("user_id", "=", userId)
        .where("time_zone", "<>", timeZone)
        .execute();
    const row = await db
      .selectFrom("calendar_feeds")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return this.#view(row);
  }

  /** A new secret: the old URL answers 404 from this statement's commit on. Creates the feed when there is none. */
  async rotate(userId: string): Promise<FeedSettings> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const fresh = this.#fresh(userId);
    const row = await db
      .insertInto("calendar_feeds")
      .values({ user_id: userId, ...fresh, created_at: now, rotated_at: now })
      .onConflict((oc) =>
        oc.column("user_id").doUpdateSet({ nonce: fresh.nonce, secret_hash: fresh.secret_hash, rotated_at: now }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return this.#view(row);
  }

  #view(row: { user_id: string; nonce: string; time_zone: string; created_at: Date; rotated_at: Date | null }) {
    const https = `${this.deps.publicUrl}/calendar/${this.#secret(row.user_id, row.nonce)}.ics`;
    return {
      https_url: https,
      webcal_url: https.replace(/^https?:/, "webcal:"),
      time_zone: row.time_zone,
      created_at: new Date(row.created_at).toISOString(),
      rotated_at: row.rotated_at ? new Date(row.rotated_at).toISOString() : null,
    };
  }

  /**
   * The feed a file name (`{secret}.ics`) opens, or 404: unknown, rotated away, its member deactivated, or their
   * account waiting to be erased (deleting an account signs every device out, and a feed URL is one of them).
   */
  async render(file: string): Promise<RenderedFeed> {
    const secret = FEED_FILE.exec(file)?.[1];
    if (!secret) throw notFound(NOT_FOUND);
    const feed = await this.deps.db
      .selectFrom("calendar_feeds as f")
      .innerJoin("users as u", "u.id", "f.user_id")
      .leftJoin("account_deletions as d", "d.user_id", "f.user_id")
      .select(["f.user_id", "f.time_zone"])
      .where("f.secret_hash", "=", sha256(secret))
      .where("u.deactivated_at", "is", null)
      .where("d.user_id", "is", null)
      .executeTakeFirst();
    if (!feed) throw notFound(NOT_FOUND);
    const events = await this.#events(feed.user_id, feed.time_zone);
    const body = renderFeed({
      name: "fitkit",
      description: "Your booked live classes, your calendar's plan and the next workout of each series.",
      refreshMinutes: FEED_REFRESH_MINUTES,
      events,
    });
    return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"` };
  }

  /** Every event of the member's feed: classes by start, then each plan's days, then each series' next workout. */
  async #events(userId: string, timeZone: string): Promise<FeedEvent[]> {
    const [classes, plans, series] = await Promise.all([
      this.#classEvents(userId),
      this.#planEvents(userId, timeZone),
      this.#seriesEvents(userId, timeZone),
    ]);
    return [...classes, ...plans, ...series];
  }

  /**
   * One event per booked class (UID `{classId}@fitkit`, the one-class download's), from the member's latest
   * reservation of it: a reservation the member cancelled leaves the feed; a class the studio cancelled stays, marked
   * CANCELLED, so the member notices.
   */
  async #classEvents(userId: string): Promise<FeedEvent[]> {
    const { db, clock, publicUrl } = this.deps;
    const since = new Date(clock.now().getTime() - CLASS_HISTORY_DAYS * DAY_MS);
    const rows = await classRows(db)
      .innerJoin("reservations as r", "r.class_id", "c.id")
      .select(["r.status", "r.created_at as booked_at"])
      .where("r.user_id", "=", userId)
      .where("c.end_at", ">", since)
      .orderBy("c.start_at")
      .orderBy("c.id")
      .orderBy("r.created_at")
      .execute();
    const latest = new Map<string, (typeof rows)[number]>();
    for (const row of rows) latest.set(row.id, row); // ordered by booking time: the last one wins
    return [...latest.values()]
      .filter((row) => row.status !== "standard cancel")
      .map((row) => {
        const text = classEventText(row, publicUrl);
        const cancelled = !!row.cancelled_at;
        return {
          uid: classUid(row.id),
          modified: later(row.booked_at, row.cancelled_at),
          // The studio cancelling is the one change a class sees after booking.
          sequence: cancelled ? 1 : 0,
          when: { start: row.start_at, end: row.end_at },
          ...text,
          summary: cancelled ? `Cancelled: ${text.summary}` : text.summary,
          cancelled,
        };
      });
  }

  /**
   * Each day of each calendar the member follows, as an all-day event dated as GET /v2/workouts/calendars/mine dates
   * it: day 1 is the enrolment date in the member's zone, and a pause moves the day it began on and every later day by
   * the dates it lasted (while it lasts, as if resumed today). Each move raises the day's SEQUENCE by the dates moved,
   * so calendar apps update the event in place. A workout day done since enrolling gains a ✓.
   */
  async #planEvents(userId: string, timeZone: string): Promise<FeedEvent[]> {
    const { db, clock, publicUrl } = this.deps;
    const enrolments = await db
      .selectFrom("calendar_enrollments as e")
      .innerJoin("workout_calendars as c", "c.id", "e.calendar_id")
      .select(["c.id", "c.slug", "c.name", "e.enrolled_at"])
      .where("e.user_id", "=", userId)
      .orderBy("e.enrolled_at")
      .orderBy("c.id")
      .execute();
    if (!enrolments.length) return [];
    const { days, pauses, sessions } = await planRows(
      db,
      userId,
      enrolments.map((e) => e.id),
      new Date(Math.min(...enrolments.map((e) => new Date(e.enrolled_at).getTime()))),
    );
    const now = clock.now();
    const today = startOfLocalDay(localDay(now, timeZone), timeZone);
    return enrolments.flatMap((plan) => {
      const joined = new Date(plan.enrolled_at);
      const key = enrolmentKey("calendar", userId, plan.id, joined);
      const ownPauses = pauses.filter((p) => p.calendarId === plan.id);
      const schedule = planSchedule(joined, ownPauses, now, timeZone);
      const unmoved = planSchedule(joined, [], now, timeZone);
      const own = days.filter((d) => d.calendar_id === plan.id);
      return own.map((d): FeedEvent => {
        const day = schedule.dateOf(d.day);
        const moved = daysBetween(unmoved.dateOf(d.day), day);
        const movedBy = ownPauses.filter((p) => p.fromDay <= d.day);
        // A pause still open moves the day again each day it lasts: the event last changed when today began.
        const lastMove = later(...movedBy.map((p) => p.resumedAt ?? (today > p.pausedAt ? today : p.pausedAt)));
        const done =
          d.kind !== "rest" && d.workout_id
            ? sessions.find((s) => s.workout_id === d.workout_id && s.completed_at && s.completed_at >= joined)
                ?.completed_at
            : undefined;
        const what = d.kind === "rest" ? "Rest day" : (d.name ?? (d.kind === "walk" ? "Walk" : "Workout"));
        return {
          uid: `calendar-${key}-day-${d.day}@fitkit`,
          modified: later(joined, done, movedBy.length ? lastMove : null),
          sequence: moved,
          when: { day, endDay: addDays(day, 1) },
          summary: `${done ? "✓ " : ""}Day ${d.day}: ${what}`,
          description: [
            `${plan.name}, day ${d.day} of ${own.length}.`,
            d.kind !== "rest" && d.duration ? `${d.duration} min` : "",
            done ? "Done." : "",
          ]
            .filter(Boolean)
            .join("\n"),
          url: d.slug ? `${publicUrl}/calendars/${plan.slug}/detail/${d.slug}` : `${publicUrl}/calendars/${plan.slug}`,
        };
      });
    });
  }

  /**
   * The next workout of each series in progress, as an all-day event: on the day after the member's latest workout
   * of the series, or today when that day has passed, so it is always in front of them. It only moves forward, so
   * its SEQUENCE is its day's distance from the enrolment date. A finished series has no next workout and leaves; so
   * does a paused one until it is resumed (nothing is due during a holiday).
   */
  async #seriesEvents(userId: string, timeZone: string): Promise<FeedEvent[]> {
    const { db, clock, publicUrl } = this.deps;
    const now = clock.now();
    const enrolled = (await memberSeries(db, clock, userId, true)).filter(
      (s) => s.next_workout && s.started_at && !s.paused,
    );
    if (!enrolled.length) return [];
    const workouts = await db
      .selectFrom("workouts")
      .select(["id", "name", "duration"])
      .where(
        "id",
        "in",
        enrolled.map((s) => s.next_workout!.workout_id),
      )
      .execute();
    const today = localDay(now, timeZone);
    return enrolled.map((s): FeedEvent => {
      const started = new Date(s.started_at!);
      const done = s.series_state.workouts.flatMap((w) => (w.completed_at ? [Date.parse(w.completed_at)] : []));
      const lastDone = done.length ? new Date(Math.max(...done)) : null;
      const dueAfterLast = lastDone ? addDays(localDay(lastDone, timeZone), 1) : today;
      const day = dueAfterLast > today ? dueAfterLast : today;
      const dayStart = startOfLocalDay(day, timeZone);
      const workout = workouts.find((w) => w.id === s.next_workout!.workout_id);
      const name = workout?.name ?? "your next workout";
      return {
        uid: `series-${enrolmentKey("series", userId, s.series_id, started)}-next@fitkit`,
        // The event last changed when the member joined, finished a workout of it, or the day it rolled onto began.
        modified: later(started, lastDone, dayStart <= now ? dayStart : null),
        sequence: Math.max(0, daysBetween(localDay(started, timeZone), day)),
        when: { day, endDay: addDays(day, 1) },
        summary: `Next in ${s.series_detail.name}: ${name}`,
        description: [
          `Workout ${s.progress_summary.completed + 1} of ${s.progress_summary.total} of ${s.series_detail.name}.`,
          workout?.duration ? `${workout.duration} min` : "",
        ]
          .filter(Boolean)
          .join("\n"),
        url: `${publicUrl}/series/${s.series_detail.slug}`,
      };
    });
  }
}
