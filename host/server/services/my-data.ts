import { sql } from "kysely";
import { strToU8, zipSync } from "fflate";
import { dataExportFilename } from "../../../src/domain/account-deletion.js";
import { toCsv } from "../../../src/domain/csv.js";
import { renderIcsCalendar } from "../../../src/domain/ics.js";
import { notFound } from "../errors.js";
import { listChallenges } from "./challenges.js";
import { ReservationsService } from "./reservations.js";

export interface DataExport {
  filename: string;
  archive: Uint8Array;
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * "Download my data": one ZIP of everything stored about the member, made on request (the demo member's takes well
 * under a second): profile.json (the account, every attribute such as preferences, favourites and settings,
 * onboarding answers, series and calendar enrolments, challenges, memberships, cards and billing addresses),
 * workouts.csv (every on-demand play), live-classes.csv (every reservation), payments.csv (every invoice) and
 * bookings.ics (the reserved classes, one event per class with the UID every fitkit calendar writer gives it).
 */
export async function exportMemberData(
  deps: ConstructorParameters<typeof ReservationsService>[0],
  userId: string,
): Promise<DataExport> {
  const { db, clock } = deps;
  const now = clock.now();
  const reservations = new ReservationsService(deps);
  const [
    profile,
    attributes,
    onboarding,
    series,
    calendars,
    challenges,
    subscriptions,
    cards,
    addresses,
    studioLinks,
    feed,
    pauses,
  ] = await Promise.all([
    db
      .selectFrom("users")
      .select([
        "id",
        "email",
        "given_name",
        "family_name",
        sql<string | null>`to_char(birthday, 'YYYY-MM-DD')`.as("birthday"),
        "phone",
        "opt_in",
        "waiver_accepted_at",
        "created_at",
        "updated_at",
      ])
      .where("id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("user_attributes")
      .select(["name", "value", "updated_at"])
      .where("user_id", "=", userId)
      .orderBy("name")
      .execute(),
    db
      .selectFrom("onboarding_results")
      .select(["answers", "workout_ids", "series_id", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("series_enrollments as e")
      .innerJoin("series as s", "s.id", "e.series_id")
      .select(["e.series_id", "s.name", "e.started_at"])
      .where("e.user_id", "=", userId)
      .orderBy("e.started_at")
      .execute(),
    db
      .selectFrom("calendar_enrollments as e")
      .innerJoin("workout_calendars as c", "c.id", "e.calendar_id")
      .select(["e.calendar_id", "c.name", "e.enrolled_at"])
      .where("e.user_id", "=", userId)
      .orderBy("e.enrolled_at")
      .execute(),
    listChallenges(db, clock, userId, { mine: true }),
    db
      .selectFrom("subscriptions")
      .select([
        "id",
        "provider",
        "state",
        "name",
        "sku",
        "base_price",
        "currency",
        "original_purchase_date",
        "trial_end",
        "current_period_start",
        "expiration_date",
        "cancel_reason",
        "cancel_explanation",
        "canceled_at",
        "paused_at",
      ])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("payment_methods")
      .select(["brand", "last4", "exp_month", "exp_year", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("billing_addresses")
      .select(["subscription_id", "address1", "address2", "city", "state", "zip", "country", "phone", "updated_at"])
      .where("user_id", "=", userId)
      .execute(),
    db
      .selectFrom("studio_link_requests")
      .select(["email", "created_at", "confirmed_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    // The feed's settings, not its secret: an archive left lying around must not open the member's calendar.
    db
      .selectFrom("calendar_feeds")
      .select(["time_zone", "created_at", "rotated_at"])
      .where("user_id", "=", userId)
      .executeTakeFirst(),
    Promise.all([
      db
        .selectFrom("series_pauses")
        .select(["series_id", "paused_at", "resumed_at"])
        .where("user_id", "=", userId)
        .orderBy("paused_at")
        .execute(),
      db
        .selectFrom("calendar_pauses")
        .select(["calendar_id", "paused_at", "resumed_at", "days"])
        .where("user_id", "=", userId)
        .orderBy("paused_at")
        .execute(),
    ]),
  ]);
  if (!profile) throw notFound();

  const [sessions, bookings, invoices, events] = await Promise.all([
    db
      .selectFrom("workout_sessions as s")
      .innerJoin("workouts as w", "w.id", "s.workout_id")
      .select([
        "s.id",
        "s.workout_id",
        "w.name",
        "w.duration",
        "s.started_at",
        "s.ended_at",
        "s.is_complete",
        "s.completed_at",
        "s.minutes",
        "s.position",
        "s.device",
      ])
      .where("s.user_id", "=", userId)
      .orderBy("s.started_at")
      .orderBy("s.seq")
      .execute(),
    db
      .selectFrom("reservations as r")
      .innerJoin("live_classes as c", "c.id", "r.class_id")
      .innerJoin("locations as l", "l.id", "c.location_id")
      .leftJoin("trainers as t", "t.id", "c.trainer_id")
      .select([
        "r.id",
        "r.class_id",
        "c.class_type",
        "t.name as trainer",
        "l.name as location",
        "c.start_at",
        "c.end_at",
        "c.duration",
        "r.status",
        "r.created_at",
        "r.checked_in_at",
        "r.cancelled_at",
        "c.cancelled_at as class_cancelled_at",
      ])
      .where("r.user_id", "=", userId)
      .orderBy("c.start_at")
      .orderBy("r.created_at")
      .execute(),
    db
      .selectFrom("invoices as i")
      .innerJoin("subscriptions as s", "s.id", "i.subscription_id")
      .select([
        "i.id",
        "i.created_at",
        "s.name",
        "i.sku",
        "i.period_start",
        "i.period_end",
        "i.base_amount",
        "i.discount_amount",
        "i.amount",
        "i.currency",
        "i.discount_code",
        "i.status",
      ])
      .where("i.user_id", "=", userId)
      .orderBy("i.created_at")
      .orderBy("i.id")
      .execute(),
    reservations.calendarEvents(userId),
  ]);

  const json = {
    format: "fitkit-my-data/1",
    exported_at: now.toISOString(),
    profile: {
      ...profile,
      waiver_accepted_at: iso(profile.waiver_accepted_at),
      created_at: iso(profile.created_at),
      updated_at: iso(profile.updated_at),
    },
    // Preferences, favourites, hidden collections, player and email settings, joined challenges: as stored.
    attributes: Object.fromEntries(attributes.map((a) => [a.name, a.value])),
    onboarding_results: onboarding.map((o) => ({ ...o, created_at: iso(o.created_at) })),
    series_enrollments: series.map((s) => ({ series_id: s.series_id, name: s.name, started_at: iso(s.started_at) })),
    calendar_enrollments: calendars.map((c) => ({
      calendar_id: c.calendar_id,
      name: c.name,
      enrolled_at: iso(c.enrolled_at),
    })),
    challenges: challenges.map((c) => ({ id: c.id, name: c.name, joined: c.joined, progress: c.progress })),
    memberships: subscriptions.map((s) => ({
      ...s,
      original_purchase_date: iso(s.original_purchase_date),
      trial_end: iso(s.trial_end),
      current_period_start: iso(s.current_period_start),
      expiration_date: iso(s.expiration_date),
      canceled_at: iso(s.canceled_at),
      paused_at: iso(s.paused_at),
    })),
    cards: cards.map((c) => ({ ...c, created_at: iso(c.created_at) })),
    billing_addresses: addresses.map((a) => ({ ...a, updated_at: iso(a.updated_at) })),
    calendar_feed: feed
      ? { time_zone: feed.time_zone, created_at: iso(feed.created_at), rotated_at: iso(feed.rotated_at) }
      : null,
    plan_pauses: [
      ...pauses[0].map((p) => ({ series_id: p.series_id, paused_at: iso(p.paused_at), resumed_at: iso(p.resumed_at) })),
      ...pauses[1].map((p) => ({
        calendar_id: p.calendar_id,
        paused_at: iso(p.paused_at),
        resumed_at: iso(p.resumed_at),
        days: p.days,
      })),
    ],
    studio_link_requests: studioLinks.map((l) => ({
      email: l.email,
      created_at: iso(l.created_at),
      confirmed_at: iso(l.confirmed_at),
    })),
  };

  const workoutsCsv = toCsv(
    [
      "session_id",
      "workout_id",
      "workout",
      "workout_minutes",
      "started_at",
      "ended_at",
      "completed",
      "completed_at",
      "minutes_credited",
      "position_seconds",
      "device",
    ],
    sessions.map((s) => [
      s.id,
      s.workout_id,
      s.name,
      s.duration,
      iso(s.started_at),
      iso(s.ended_at),
      s.is_complete,
      iso(s.completed_at),
      s.minutes,
      Math.round(s.position),
      s.device,
    ]),
  );
  const classesCsv = toCsv(
    [
      "reservation_id",
      "class_id",
      "class",
      "trainer",
      "location",
      "starts_at",
      "ends_at",
      "minutes",
      "status",
      "booked_at",
      "checked_in_at",
      "cancelled_at",
      "class_cancelled_at",
    ],
    bookings.map((b) => [
      b.id,
      b.class_id,
      b.class_type,
      b.trainer,
      b.location,
      iso(b.start_at),
      iso(b.end_at),
      b.duration,
      b.status,
      iso(b.created_at),
      iso(b.checked_in_at),
      iso(b.cancelled_at),
      iso(b.class_cancelled_at),
    ]),
  );
  const paymentsCsv = toCsv(
    [
      "invoice_id",
      "date",
      "membership",
      "sku",
      "period_start",
      "period_end",
      "price",
      "discount",
      "amount",
      "currency",
      "discount_code",
      "status",
    ],
    invoices.map((i) => [
      i.id,
      iso(i.created_at),
      i.name,
      i.sku,
      iso(i.period_start),
      iso(i.period_end),
      money(i.base_amount),
      money(i.discount_amount),
      money(i.amount),
      i.currency,
      i.discount_code,
      i.status,
    ]),
  );

  // Entries dated by the server's clock, not the machine's.
  const file = (text: string): [Uint8Array, { mtime: Date }] => [strToU8(text), { mtime: now }];
  const archive = zipSync({
    "profile.json": file(`${JSON.stringify(json, null, 2)}\n`),
    "workouts.csv": file(workoutsCsv),
    "live-classes.csv": file(classesCsv),
    "payments.csv": file(paymentsCsv),
    "bookings.ics": file(renderIcsCalendar(events)),
  });
  return { filename: dataExportFilename(now.toISOString().slice(0, 10)), archive };
}
