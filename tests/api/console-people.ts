import { expect } from "vitest";
import type { TestApp } from "./harness.js";

/** Resolves to the answer's JSON after checking it is a 200 (the body is in the failure message). */
export async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as T;
}

/**
 * A bearer token for each role the console's role tests try: the demo admin, editor, support and member, and a new
 * person an admin makes a viewer.
 */
export async function consolePeople(t: TestApp) {
  const admin = (await t.signIn("admin@demo.fitkit.dev")).token;
  const person = await t.signUp();
  await ok(t.call("POST", "/admin/v1/operators", { token: admin, body: { email: person.email, role: "viewer" } }));
  return {
    admin,
    editor: (await t.signIn("editor@demo.fitkit.dev")).token,
    support: (await t.signIn("support@demo.fitkit.dev")).token,
    member: (await t.signIn("member@demo.fitkit.dev")).token,
    viewer: person.token,
  };
}

/** The first `count` published workouts' ids, in id order. */
export async function publishedWorkoutIds(t: TestApp, count: number) {
  const rows = await t.db
    .selectFrom("workouts")
    .select("id")
    .where("status", "=", "published")
    .where("type", "=", "workout")
    .orderBy("id")
    .limit(count)
    .execute();
  return rows.map((w) => w.id);
}
