import { expect } from "vitest";
import type { TestApp } from "./harness.js";

export const API = "/studio-admin/v1";
/** Monday 1 March 2027, 09:00 in Chicago (CST): two weeks before the US daylight-saving change of 14 March. */
export const T0 = new Date("2027-03-01T15:00:00.000Z");

export const STAFF = "staff@demo.fitkit.dev";
export const OWNER = "owner@demo.fitkit.dev";

export async function firstTrainer(t: TestApp) {
  return t.db.selectFrom("trainers").select(["id", "name"]).orderBy("id").executeTakeFirstOrThrow();
}

/** The body of a valid one-off class on a local date, in a room no seeded template uses. */
export function oneOff(trainerId: string, overrides: Record<string, unknown> = {}) {
  return {
    date: "2027-03-03",
    start_time: "13:00",
    end_time: "13:45",
    class_type: "Barre Basics",
    trainer_id: trainerId,
    capacity: 8,
    room: "Studio B",
    ...overrides,
  };
}

/** A JSON answer with its status checked. */
export async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as T;
}

export interface StaffClass {
  id: string;
  template_id: string | null;
  local_date: string;
  start_time: string;
  end_time: string;
  start_at: string;
  capacity: number;
  booked: number;
  waitlisted: number;
  cancelled: boolean;
  cancel_reason: string | null;
  room: string;
  class_type: string;
  trainer: { id: string; name: string } | null;
}

/** Puts members on a class's waitlist directly (the waitlist API is another module's), in order. */
export async function waitlist(t: TestApp, classId: string, userIds: string[], from: Date) {
  for (const [i, userId] of userIds.entries()) {
    await t.db
      .insertInto("waitlist_entries")
      .values({ user_id: userId, class_id: classId, created_at: new Date(from.getTime() + i * 1000) })
      .execute();
  }
  await t.db.updateTable("live_classes").set({ waitlisted: userIds.length }).where("id", "=", classId).execute();
}
