import { sql } from "kysely";
import type { ReservationStatus } from "../tables/studios.js";
import type { Db } from "../index.js";
import { ScheduleService } from "../../services/schedule.js";
import type { SeedStep } from "./index.js";
import { DEMO_DOMAIN } from "./members.js";

const WEEKDAYS = [1, 2, 3, 4, 5];
const WEEKEND = [6, 7];
const DAILY = [1, 2, 3, 4, 5, 6, 7];

interface WeeklyClass {
  days: number[];
  daysKey: string;
  /** Local "HH:MM" before the location's shift. */
  time: string;
  type: string;
  minutes: number;
  equipment: string[];
}

/** The in-person studios' week; each studio runs it shifted by a few minutes so the three timetables differ. */
const STUDIO_WEEK: WeeklyClass[] = [
  {
    days: WEEKDAYS,
    daysKey: "weekdays",
    time: "06:00",
    type: "Strength & Sculpt",
    minutes: 50,
    equipment: ["Mat", "P.ball", "Light Weights"],
  },
  {
    days: WEEKDAYS,
    daysKey: "weekdays",
    time: "09:30",
    type: "Mat Definition",
    minutes: 50,
    equipment: ["Mat", "P.band"],
  },
  {
    days: WEEKDAYS,
    daysKey: "weekdays",
    time: "12:00",
    type: "Cardio Burn",
    minutes: 45,
    equipment: ["Mat", "Gliders"],
  },
  {
    days: WEEKDAYS,
    daysKey: "weekdays",
    time: "17:30",
    type: "Progressive Weight Training",
    minutes: 50,
    equipment: ["Mat", "Heavy Weights"],
  },
  { days: WEEKDAYS, daysKey: "weekdays", time: "19:00", type: "Recover & Stretch", minutes: 45, equipment: ["Mat"] },
  {
    days: WEEKEND,
    daysKey: "weekend",
    time: "08:00",
    type: "Strength & Sculpt",
    minutes: 50,
    equipment: ["Mat", "P.ball", "Light Weights"],
  },
  { days: WEEKEND, daysKey: "weekend", time: "10:00", type: "Cardio Burn", minutes: 45, equipment: ["Mat", "Gliders"] },
  { days: WEEKEND, daysKey: "weekend", time: "11:30", type: "Recover & Stretch", minutes: 45, equipment: ["Mat"] },
];

/** The live virtual studio streams every day. */
const LIVE_WEEK: WeeklyClass[] = [
  { days: DAILY, daysKey: "daily", time: "06:00", type: "Cardio Burn", minutes: 30, equipment: ["Mat", "Gliders"] },
  {
    days: DAILY,
    daysKey: "daily",
    time: "08:00",
    type: "Strength & Sculpt",
    minutes: 45,
    equipment: ["Mat", "P.ball", "Light Weights"],
  },
  { days: DAILY, daysKey: "daily", time: "12:00", type: "Mat Definition", minutes: 30, equipment: ["Mat", "P.band"] },
  {
    days: DAILY,
    daysKey: "daily",
    time: "17:30",
    type: "Progressive Weight Training",
    minutes: 45,
    equipment: ["Mat", "Heavy Weights"],
  },
  { days: DAILY, daysKey: "daily", time: "19:00", type: "Recover & Stretch", minutes: 30, equipment: ["Mat"] },
];

const SCHEDULES = [
  { location: "chicago", week: STUDIO_WEEK, shiftMinutes: 0, capacity: 16 },
  { location: "new-york", week: STUDIO_WEEK, shiftMinutes: 30, capacity: 18 },
  { location: "los-angeles", week: STUDIO_WEEK, shiftMinutes: 15, capacity: 14 },
  { location: "live", week: LIVE_WEEK, shiftMinutes: 0, capacity: 60 },
];

/** Placeholder rooms for the demo: one per class. A real studio puts its own meeting link on each template. */
const DEMO_VIDEO_CALL_URL = "https://live.demo.fitkit.dev/rooms/{class_id}";

/** Classes as far back as this are generated too, so members have history and the schedule can be browsed back. */
const HISTORY_DAYS = 21;

function shifted(time: string, minutes: number): string {
  const [h, m] = time.split(":").map(Number) as [number, number]; // "HH:MM"
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

async function insertTemplates(trx: Db) {
  const trainers = (await trx.selectFrom("trainers").select("id").orderBy("id").execute()).map((t) => t.id);
  if (!trainers.length) throw new Error("studios seed needs the catalogue's trainers");
  const descriptions = new Map(
    (await trx.selectFrom("workout_categories").select(["name", "description"]).execute()).map((c) => [
      c.name,
      c.description,
    ]),
  );
  const rows = SCHEDULES.flatMap((schedule, l) =>
    schedule.week.map((c, i) => {
      const time = shifted(c.time, schedule.shiftMinutes);
      return {
        id: `${schedule.location}-${time.replace(":", "")}-${c.daysKey}`,
        location_id: schedule.location,
        weekdays: c.days,
        start_time: time,
        duration: c.minutes,
        class_type: c.type,
        trainer_id: trainers[(l * 5 + i) % trainers.length],
        capacity: schedule.capacity,
        equipment: c.equipment,
        description: descriptions.get(c.type) ?? "",
        video_call_url: DEMO_VIDEO_CALL_URL,
      };
    }),
  );
  await trx.insertInto("schedule_templates").values(rows).execute();
}

/** Which class a demo reservation is on: the first class of a location at or after (or before) an instant. */
async function classNear(trx: Db, location: string, at: Date, direction: "after" | "before") {
  return trx
    .selectFrom("live_classes")
    .select(["id", "start_at"])
    .where("location_id", "=", location)
    .where("start_at", direction === "after" ? ">=" : "<=", at)
    .orderBy("start_at", direction === "after" ? "asc" : "desc")
    .executeTakeFirstOrThrow();
}

interface DemoReservation {
  email: string;
  location: string;
  /** Hours from now to look for the class from (negative: the past, looking back). */
  hours: number;
  status: ReservationStatus;
}

/** member@ has two upcoming bookings, two attended classes (live workouts in stats) and one cancellation. */
const DEMO_RESERVATIONS: DemoReservation[] = [
  { email: `member@${DEMO_DOMAIN}`, location: "live", hours: 3, status: "pending" },
  { email: `member@${DEMO_DOMAIN}`, location: "chicago", hours: 50, status: "pending" },
  { email: `member@${DEMO_DOMAIN}`, location: "live", hours: -48, status: "check in" },
  { email: `member@${DEMO_DOMAIN}`, location: "live", hours: -216, status: "check in" },
  { email: `member@${DEMO_DOMAIN}`, location: "new-york", hours: -120, status: "standard cancel" },
  { email: `vip@${DEMO_DOMAIN}`, location: "live", hours: -72, status: "check in" },
  { email: `trial@${DEMO_DOMAIN}`, location: "live", hours: 26, status: "pending" },
  { email: `studio@${DEMO_DOMAIN}`, location: "chicago", hours: 20, status: "pending" },
  { email: `studio@${DEMO_DOMAIN}`, location: "chicago", hours: -96, status: "check in" },
];

async function insertReservations(trx: Db, now: Date) {
  for (const r of DEMO_RESERVATIONS) {
    const user = await trx.selectFrom("users").select("id").where("email", "=", r.email).executeTakeFirstOrThrow();
    const cls = await classNear(
      trx,
      r.location,
      new Date(now.getTime() + r.hours * 3_600_000),
      r.hours >= 0 ? "after" : "before",
    );
    const start = cls.start_at.getTime();
    await trx
      .insertInto("reservations")
      .values({
        user_id: user.id,
        class_id: cls.id,
        status: r.status,
        created_at: new Date(start - 3 * 86_400_000),
        checked_in_at: r.status === "check in" ? new Date(start - 5 * 60_000) : null,
        cancelled_at: r.status === "standard cancel" ? new Date(start - 86_400_000) : null,
      })
      .execute();
    if (r.status !== "standard cancel") {
      await trx
        .updateTable("live_classes")
        .set({ booked: sql`booked + 1` })
        .where("id", "=", cls.id)
        .execute();
    }
  }
}

/** Weekly schedule templates for the three studios and the live virtual studio, and their classes. */
export const studioSchedule: SeedStep = {
  name: "studios/schedule",
  async run(trx, { clock }) {
    await insertTemplates(trx);
    await new ScheduleService({ db: trx, clock }).topUp({ fromDay: -HISTORY_DAYS });
  },
};

/** The demo members' bookings (demo data only). */
export const demoReservations: SeedStep = {
  name: "studios/demo-reservations",
  async run(trx, { clock }) {
    // A database seeded before this step was split from studios/schedule already holds these bookings.
    const booked = await trx
      .selectFrom("reservations as r")
      .innerJoin("users as u", "u.id", "r.user_id")
      .select("r.id")
      .where("u.email", "like", `%@${DEMO_DOMAIN}`)
      .executeTakeFirst();
    if (!booked) await insertReservations(trx, clock.now());
  },
};

/**
 * A full Chicago class with a waitlist (demo data only), about three days out: studio@ and vip@ hold its two spots,
 * member@ is 1st and trial@ 2nd on its waitlist, so the schedule shows "Full · 2 on the waitlist" and member@'s
 * Booked classes page shows their place.
 */
export const demoWaitlist: SeedStep = {
  name: "studios/demo-waitlist",
  async run(trx, { clock }) {
    const now = clock.now();
    const cls = await classNear(trx, "chicago", new Date(now.getTime() + 74 * 3_600_000), "after");
    const present = await trx
      .selectFrom("waitlist_entries")
      .select("id")
      .where("class_id", "=", cls.id)
      .executeTakeFirst();
    if (present) return;
    const users = async (names: string[]) => {
      const ids: string[] = [];
      for (const name of names)
        ids.push(
          (
            await trx
              .selectFrom("users")
              .select("id")
              .where("email", "=", `${name}@${DEMO_DOMAIN}`)
              .executeTakeFirstOrThrow()
          ).id,
        );
      return ids;
    };
    const start = cls.start_at.getTime();
    const holders = await users(["studio", "vip"]);
    const waiting = await users(["member", "trial"]);
    await trx
      .insertInto("reservations")
      .values(
        holders.map((user_id) => ({
          user_id,
          class_id: cls.id,
          status: "pending" as const,
          created_at: new Date(start - 4 * 86_400_000),
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto("waitlist_entries")
      .values(
        waiting.map((user_id, i) => ({
          user_id,
          class_id: cls.id,
          status: "waiting" as const,
          created_at: new Date(start - 3 * 86_400_000 + i * 60_000),
        })),
      )
      .execute();
    const booked = await trx
      .selectFrom("reservations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("class_id", "=", cls.id)
      .where("status", "in", ["pending", "check in"])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("live_classes")
      .set({ booked: Number(booked.n), capacity: Number(booked.n), waitlisted: waiting.length, waitlist_capacity: 5 })
      .where("id", "=", cls.id)
      .execute();
  },
};
