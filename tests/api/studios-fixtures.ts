import { randomBytes } from "node:crypto";
import type { TestApp } from "./harness.js";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * A fresh member holding a membership, as booking live classes needs (issue 33): signs up, then gives the account a
 * VIP membership for ten years (no renewals to bill), as the studio's back office would.
 */
export async function signUpMember(t: TestApp, overrides?: Parameters<TestApp["signUp"]>[0]) {
  const member = await t.signUp(overrides);
  const now = t.clock.now();
  await t.db
    .insertInto("subscriptions")
    .values({
      user_id: member.user.id,
      provider: "stripe",
      identifier: `test_vip_${member.user.id}`,
      state: "vip",
      sku: null,
      name: "VIP Membership",
      original_purchase_date: now,
      current_period_start: now,
      expiration_date: new Date(now.getTime() + 3650 * DAY),
    })
    .execute();
  return member;
}

/** A one-off class of our own (as an operator would insert it), starting `startsIn` ms from the test clock's now. */
export async function createClass(
  t: TestApp,
  options: {
    startsIn: number;
    minutes?: number;
    capacity?: number;
    booked?: number;
    location?: string;
    zoomLink?: string | null;
  } = { startsIn: DAY },
) {
  const id = `test-${randomBytes(6).toString("hex")}`;
  const start = new Date(t.clock.now().getTime() + options.startsIn);
  const minutes = options.minutes ?? 45;
  const trainer = await t.db
    .selectFrom("trainers")
    .select(["id", "name", "image_url"])
    .orderBy("id")
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto("live_classes")
    .values({
      id,
      location_id: options.location ?? "live",
      template_id: null,
      trainer_id: trainer.id,
      class_type: "Strength & Sculpt",
      description: "A test class",
      equipment: ["Mat", "Light Weights"],
      start_at: start,
      end_at: new Date(start.getTime() + minutes * MINUTE),
      duration: minutes,
      capacity: options.capacity ?? 10,
      booked: options.booked ?? 0,
      zoom_link: options.zoomLink === undefined ? `https://video.example.test/${id}` : options.zoomLink,
      cancelled_at: null,
    })
    .execute();
  return { id, start, end: new Date(start.getTime() + minutes * MINUTE), trainer };
}

/**
 * Runs `fn` with the test clock at `instant` and a token issued then for `who` (access tokens live 15 minutes),
 * then puts the clock back.
 */
export async function at<T>(
  t: TestApp,
  instant: Date | number,
  who: { email: string; password: string },
  fn: (token: string) => Promise<T>,
): Promise<T> {
  const before = t.clock.now();
  t.clock.set(instant);
  try {
    return await fn((await t.signIn(who.email, who.password)).token);
  } finally {
    t.clock.set(before);
  }
}

export const LIVE_CLASS_FIELDS = [
  "class_full",
  "completed",
  "description",
  "duration",
  "end_date",
  "equipment",
  "id",
  "location",
  "policy",
  "room",
  "spots_left",
  "startDateTime",
  "start_date",
  "trainer_image_url",
  "trainer_name",
  "type",
  "waitlist",
  "zoom_link",
].sort();
