import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../host/server/clock.js";
import { connectPostgres } from "../../host/server/db/index.js";
import { jobLock } from "../../host/server/jobs/job-lock.js";
import { ScheduledJob } from "../../host/server/jobs/scheduled-job.js";
import { AdminWorkoutsService } from "../../host/server/services/admin-workouts.js";
import { SYSTEM } from "../../host/server/services/operator-access.js";
import { databaseKind, expectError, startTestApp, type TestApp } from "./harness.js";

/**
 * The operator console's API (/admin/v1): company roles, the catalogue's workouts through their states and the audit
 * log. Each role is tried on every route; a workout goes from a draft to a release at its time, into search, out on
 * archive and back; every write leaves its before and after.
 */
const API = "/admin/v1";
/** Monday 1 March 2027, 09:00 in Chicago. */
const T0 = new Date("2027-03-01T15:00:00.000Z");

let t: TestApp;
let admin: string;
let editor: string;
let support: string;
let member: string;
let trainer: string;

beforeAll(async () => {
  t = await startTestApp({ clock: new TestClock(T0), config: { searchIndexBuild: "at-start" } });
  admin = (await t.signIn("admin@demo.fitkit.dev")).token;
  editor = (await t.signIn("editor@demo.fitkit.dev")).token;
  support = (await t.signIn("support@demo.fitkit.dev")).token;
  member = (await t.signIn("member@demo.fitkit.dev")).token;
  trainer = (await t.db.selectFrom("trainers").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(() => t.close());

const fields = (overrides: Record<string, unknown> = {}) => ({
  name: "Sunrise Mobility Flow",
  slug: "sunrise-mobility-flow",
  description: "Twenty gentle minutes for stiff mornings.",
  type: "workout",
  level: "Beginner",
  pacing: "Slow & Steady",
  video_minutes: 20,
  equipment: ["Mat"],
  focus: ["Full Body"],
  benefits: ["Mobility"],
  strain: ["floor"],
  poster_url: "",
  breakdown: [{ title: "Warm-up", minutes: 5 }],
  trainer_ids: [trainer],
  category_ids: [],
  collection_ids: [],
  ...overrides,
});

async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as T;
}

async function searchHits(keywords: string): Promise<string[]> {
  const res = await t.call("POST", "/tsapi/workouts/search", { body: { keywords, pagination: "off" } });
  return res.json<{ hits: { id: string }[] }>().hits.map((h) => h.id);
}

/** Polls until `check` holds: index rebuilds follow the catalogue's notification asynchronously. */
async function eventually(check: () => Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("condition not reached in time");
}

describe("who may use the console", () => {
  /** Every route, with what it needs: read (every role), catalogue (admin, editor), roles (admin). */
  const routes = (): [string, string, "read" | "catalogue" | "roles", unknown?][] => [
    ["GET", `${API}/me`, "read"],
    ["GET", `${API}/operators`, "read"],
    ["POST", `${API}/operators`, "roles", { email: "nobody-here@example.com", role: "viewer" }],
    ["DELETE", `${API}/operators/00000000-0000-4000-8000-000000000000`, "roles"],
    ["GET", `${API}/vocabulary`, "read"],
    ["GET", `${API}/workouts`, "read"],
    ["GET", `${API}/workouts/wk_0001`, "read"],
    ["POST", `${API}/workouts`, "catalogue", fields({ slug: "role-probe", trainer_ids: ["nope"] })],
    ["PUT", `${API}/workouts/no-such-workout`, "catalogue", fields()],
    [
      "POST",
      `${API}/workouts/no-such-workout/schedule`,
      "catalogue",
      { release_local: "2027-03-02T09:00", release_zone: "UTC" },
    ],
    ["POST", `${API}/workouts/no-such-workout/publish`, "catalogue"],
    ["POST", `${API}/workouts/no-such-workout/unschedule`, "catalogue"],
    ["POST", `${API}/workouts/no-such-workout/archive`, "catalogue"],
    ["POST", `${API}/workouts/no-such-workout/restore`, "catalogue"],
    ["GET", `${API}/audit`, "read"],
  ];

  it("refuses anonymous callers with 401 on every route", async () => {
    for (const [method, url, , body] of routes()) expectError(await t.call(method, url, { body }), 401);
  });

  it("refuses members without a company role with 403 on every route", async () => {
    for (const [method, url, , body] of routes()) {
      const error = expectError(await t.call(method, url, { body, token: member }), 403);
      expect(error.text).toContain("do not work for the company");
    }
  });

  it("lets each role through to what it may do and refuses the rest with 403", async () => {
    const viewer = await t.signUp();
    await ok(t.call("POST", `${API}/operators`, { token: admin, body: { email: viewer.email, role: "viewer" } }));
    const may = {
      admin: ["read", "catalogue", "roles"],
      editor: ["read", "catalogue"],
      support: ["read"],
      viewer: ["read"],
    } as const;
    const tokens = { admin, editor, support, viewer: viewer.token };
    for (const [role, areas] of Object.entries(may) as [keyof typeof may, readonly string[]][]) {
      for (const [method, url, area, body] of routes()) {
        const res = await t.call(method, url, { body, token: tokens[role] });
        if (areas.includes(area))
          expect([200, 400, 404], `${role} ${method} ${url}: ${res.body}`).toContain(res.statusCode);
        else expectError(res, 403);
      }
    }
  });

  it("answers the caller's role and what it covers", async () => {
    expect(await ok(t.call("GET", `${API}/me`, { token: editor }))).toMatchObject({
      email: "editor@demo.fitkit.dev",
      role: "editor",
      areas: ["read", "catalogue"],
    });
  });
});

describe("roles", () => {
  it("grants, changes and revokes a role, each recorded in the audit log", async () => {
    const person = await t.signUp();
    const granted = await ok<{ user_id: string; role: string }>(
      t.call("POST", `${API}/operators`, {
        token: admin,
        body: { email: person.email.toUpperCase(), role: "support" },
      }),
    );
    expect(granted.role).toBe("support");
    await ok(t.call("POST", `${API}/operators`, { token: admin, body: { email: person.email, role: "editor" } }));
    expect((await ok<{ role: string }>(t.call("GET", `${API}/me`, { token: person.token }))).role).toBe("editor");
    await ok(t.call("DELETE", `${API}/operators/${granted.user_id}`, { token: admin }));
    expectError(await t.call("GET", `${API}/me`, { token: person.token }), 403);

    const log = await ok<{ items: { action: string; before: unknown; after: unknown; actor_email: string }[] }>(
      t.call("GET", `${API}/audit?record_type=user&record_id=${granted.user_id}`, { token: admin }),
    );
    expect(log.items.map((e) => e.action)).toEqual(["role.revoke", "role.change", "role.grant"]);
    expect(log.items[1]).toMatchObject({
      actor_email: "admin@demo.fitkit.dev",
      before: { role: "support" },
      after: { role: "editor" },
    });
  });

  it("refuses a role for an email with no account, and an admin revoking their own", async () => {
    const unknown = expectError(
      await t.call("POST", `${API}/operators`, { token: admin, body: { email: "ghost@example.com", role: "admin" } }),
      404,
    );
    expect(unknown.text).toContain("signs up first");
    const me = await ok<{ user_id: string }>(t.call("GET", `${API}/me`, { token: admin }));
    expectError(await t.call("DELETE", `${API}/operators/${me.user_id}`, { token: admin }), 400);
    expectError(
      await t.call("POST", `${API}/operators`, { token: admin, body: { email: "x@example.com", role: "owner" } }),
      400,
    );
  });
});

describe("a workout from draft to release", () => {
  it("keeps a draft out of the library, releases it at its time once, and records every step", async () => {
    const draft = await ok<{ id: string; status: string }>(
      t.call("POST", `${API}/workouts`, { token: editor, body: fields() }),
    );
    expect(draft.status).toBe("draft");
    expect(await searchHits("sunrise mobility")).not.toContain(draft.id);
    expectError(await t.call("GET", `/tsapi/workouts/${draft.id}`), 404);
    // Members cannot play or record a draft either.
    expectError(await t.call("GET", `/tsapi/content/workout/${draft.id}/video`, { token: member }), 404);

    // Two minutes ahead, written as Chicago wall time (09:02 CST = 15:02 UTC).
    const scheduled = await ok<{ status: string; release_at: string; release_local: string; release_zone: string }>(
      t.call("POST", `${API}/workouts/${draft.id}/schedule`, {
        token: editor,
        body: { release_local: "2027-03-01T09:02", release_zone: "America/Chicago" },
      }),
    );
    expect(scheduled).toMatchObject({
      status: "scheduled",
      release_at: "2027-03-01T15:02:00.000Z",
      release_local: "2027-03-01T09:02",
      release_zone: "America/Chicago",
    });

    // Not yet.
    expect(await t.app.catalogueRelease.run()).toEqual([]);
    t.clock.advance(2 * 60_000);
    expect(await t.app.catalogueRelease.run()).toEqual([draft.id]);
    expect(await t.app.catalogueRelease.run()).toEqual([]);
    await eventually(async () => (await searchHits("sunrise mobility")).includes(draft.id));
    const live = await ok<{ start_date: string; trainers: { id: string }[] }>(
      t.call("GET", `/tsapi/workouts/${draft.id}`),
    );
    expect(live.start_date).toBe("2027-03-01T15:02:00.000Z");
    expect(live.trainers.map((x) => x.id)).toEqual([trainer]);

    const log = await ok<{ items: { action: string; actor_email: string; changed: string[] }[] }>(
      t.call("GET", `${API}/audit?record_type=workout&record_id=${draft.id}`, { token: support }),
    );
    expect(log.items.map((e) => [e.action, e.actor_email])).toEqual([
      ["workout.release", "system"],
      ["workout.schedule", "editor@demo.fitkit.dev"],
      ["workout.create", "editor@demo.fitkit.dev"],
    ]);
    expect(log.items[1]!.changed).toEqual(["release_at", "release_local", "release_zone", "status"]);
  });

  it("archives a workout out of search but keeps it reachable by slug, and restores it", async () => {
    const before = await searchHits("");
    const id = "wk_0003";
    expect(before).toContain(id);
    const archived = await ok<{ status: string }>(t.call("POST", `${API}/workouts/${id}/archive`, { token: editor }));
    expect(archived.status).toBe("archived");
    await eventually(async () => !(await searchHits("")).includes(id));
    // History, favourites and series resolve it still.
    await ok(t.call("GET", `/tsapi/workouts/${id}`));
    await ok(t.call("POST", `${API}/workouts/${id}/restore`, { token: editor }));
    await eventually(async () => (await searchHits("")).includes(id));
  });

  it("edits every field and keeps the before and after", async () => {
    const created = await ok<{ id: string }>(
      t.call("POST", `${API}/workouts`, { token: admin, body: fields({ slug: "edit-me", name: "Edit Me" }) }),
    );
    const edited = await ok<{ name: string; level: string; equipment: string[] }>(
      t.call("PUT", `${API}/workouts/${created.id}`, {
        token: editor,
        body: fields({ slug: "edit-me", name: "Edited Flow", level: "Advanced", equipment: ["Mat", "Band"] }),
      }),
    );
    expect(edited).toMatchObject({ name: "Edited Flow", level: "Advanced", equipment: ["Mat", "Band"] });
    const [entry] = (
      await ok<{ items: { before: { name: string }; after: { name: string }; changed: string[] }[] }>(
        t.call("GET", `${API}/audit?record_id=${created.id}&limit=1`, { token: admin }),
      )
    ).items;
    expect(entry).toMatchObject({ before: { name: "Edit Me" }, after: { name: "Edited Flow" } });
    expect(entry!.changed).toEqual(["equipment", "level", "name"]);
  });

  it("refuses bad input clearly and writes nothing", async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom("audit_log")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const logged = await count();
    const unknownTrainer = expectError(
      await t.call("POST", `${API}/workouts`, {
        token: editor,
        body: fields({ slug: "bad-one", trainer_ids: ["nobody"] }),
      }),
      400,
    );
    expect(unknownTrainer.text).toBe('Unknown trainer "nobody".');
    expect(
      await t.db.selectFrom("workouts").select("id").where("id", "=", "bad-one").executeTakeFirst(),
    ).toBeUndefined();
    expectError(await t.call("POST", `${API}/workouts`, { token: editor, body: fields({ slug: "Bad Slug" }) }), 400);
    expectError(await t.call("POST", `${API}/workouts`, { token: editor, body: fields({ name: "" }) }), 400);
    expectError(await t.call("POST", `${API}/workouts`, { token: editor, body: fields({ slug: "wk_0001" }) }), 400);
    const taken = expectError(
      await t.call("POST", `${API}/workouts`, { token: editor, body: fields({ slug: "sunrise-mobility-flow" }) }),
      409,
    );
    expect(taken.text).toContain("already uses the slug");

    const draft = await ok<{ id: string }>(
      t.call("POST", `${API}/workouts`, { token: editor, body: fields({ slug: "past-release" }) }),
    );
    const past = expectError(
      await t.call("POST", `${API}/workouts/${draft.id}/schedule`, {
        token: editor,
        body: { release_local: "2027-02-28T09:00", release_zone: "America/Chicago" },
      }),
      400,
    );
    expect(past.text).toContain("in the past");
    expectError(
      await t.call("POST", `${API}/workouts/${draft.id}/schedule`, {
        token: editor,
        body: { release_local: "2027-04-01T09:00", release_zone: "Mars/Olympus" },
      }),
      400,
    );
    expectError(await t.call("POST", `${API}/workouts/${draft.id}/archive`, { token: editor }), 409);
    // One write went through (the draft); the refusals left nothing in the log.
    expect(await count()).toBe(logged + 1);
  });
});

describe("a release across processes", () => {
  it.runIf(databaseKind === "postgres")(
    "releases a scheduled workout once when two processes run the release at the same moment",
    async () => {
      const draft = await ok<{ id: string }>(
        t.call("POST", `${API}/workouts`, { token: editor, body: fields({ slug: "two-process-release" }) }),
      );
      const releaseAt = new Date(t.clock.now().getTime() + 60_000);
      await ok(
        t.call("POST", `${API}/workouts/${draft.id}/schedule`, {
          token: editor,
          body: { release_local: releaseAt.toISOString().slice(0, 16), release_zone: "UTC" },
        }),
      );
      t.clock.advance(2 * 60_000);
      // A second process: its own pool and its own release job on the same database.
      const url = (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
      const other = connectPostgres(url, 2);
      try {
        const otherWorkouts = new AdminWorkoutsService(other.db, t.clock);
        const otherJob = new ScheduledJob<string[]>({
          name: "catalogue-release",
          lock: jobLock(other),
          work: () => otherWorkouts.releaseDue(SYSTEM),
          skipped: [],
          everyMs: 15_000,
          now: () => t.clock.now().getTime(),
          onError: (e) => {
            throw e;
          },
        });
        const [mine, theirs] = await Promise.all([t.app.catalogueRelease.run(), otherJob.run()]);
        expect([...mine, ...theirs]).toEqual([draft.id]);
      } finally {
        await other.close();
      }
      const releases = await t.db
        .selectFrom("audit_log")
        .select("id")
        .where("record_id", "=", draft.id)
        .where("action", "=", "workout.release")
        .execute();
      expect(releases).toHaveLength(1);
    },
  );
});

describe("npm run admin (the bootstrap of a production install)", () => {
  const root = new URL("../..", import.meta.url).pathname;
  /** The command as `npm run admin --` runs it (from source here), on a database of its own. */
  const admin = (env: Record<string, string>, ...args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ["--import", "tsx", join(root, "host", "server", "admin-cli.ts"), ...args],
        {
          cwd: root,
          env: { ...process.env, LOG_LEVEL: "silent", NODE_ENV: "", ...env },
        },
      );
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      child.on("exit", (code) => resolve({ code, stdout, stderr }));
    });

  it.runIf(databaseKind === "postgres")(
    "grants, lists and revokes a role from the command line, and refuses an unknown email in one line",
    async () => {
      const url = (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
      const env = { DATABASE_URL: url };
      const granted = await admin(env, "grant", "Trial@demo.fitkit.dev", "viewer");
      expect(granted, granted.stderr).toMatchObject({ code: 0, stdout: "trial@demo.fitkit.dev is now viewer\n" });
      const trial = await t.signIn("trial@demo.fitkit.dev");
      expect((await ok<{ role: string }>(t.call("GET", `${API}/me`, { token: trial.token }))).role).toBe("viewer");
      const listed = await admin(env, "list");
      expect(listed.stdout).toContain("viewer   trial@demo.fitkit.dev");
      const unknown = await admin(env, "grant", "ghost@example.com", "editor");
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/^fitkit admin: No account uses ghost@example.com: [^\n]*\n$/);
      const usage = await admin(env, "grant", "trial@demo.fitkit.dev", "owner");
      expect(usage.code).toBe(1);
      expect(usage.stderr).toContain("usage: npm run admin --");
      const revoked = await admin(env, "revoke", "trial@demo.fitkit.dev");
      expect(revoked.stdout).toBe("trial@demo.fitkit.dev has no role now\n");
      expectError(await t.call("GET", `${API}/me`, { token: trial.token }), 403);
    },
    180_000,
  );
});
