import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../host/server/clock.js";
import { CATALOGUE_COLUMNS } from "../../host/server/services/catalogue-file.js";
import { expectError, startTestApp, type TestApp } from "./harness.js";

/**
 * Moving a catalogue in and out of the console (/admin/v1/catalogue): the export of every workout as CSV or JSON,
 * the import of the same file with a dry run that reports every row's problems and writes nothing, an import that
 * writes every row or none, each write in the audit log, and the library following.
 */
const API = "/admin/v1";
/** Monday 1 March 2027, 09:00 in Chicago. */
const T0 = new Date("2027-03-01T15:00:00.000Z");

let t: TestApp;
let admin: string;
let editor: string;
let support: string;
let member: string;
let trainer: { id: string; slug: string };
let category: string;
let collection: string;

beforeAll(async () => {
  t = await startTestApp({ clock: new TestClock(T0), config: { searchIndexBuild: "at-start" } });
  admin = (await t.signIn("admin@demo.fitkit.dev")).token;
  editor = (await t.signIn("editor@demo.fitkit.dev")).token;
  support = (await t.signIn("support@demo.fitkit.dev")).token;
  member = (await t.signIn("member@demo.fitkit.dev")).token;
  trainer = await t.db.selectFrom("trainers").select(["id", "slug"]).orderBy("id").executeTakeFirstOrThrow();
  category = (
    await t.db
      .selectFrom("workout_categories")
      .select("slug")
      .where("is_all", "=", false)
      .orderBy("id")
      .executeTakeFirstOrThrow()
  ).slug;
  collection = (await t.db.selectFrom("collections").select("slug").orderBy("id").executeTakeFirstOrThrow()).slug;
}, 60_000);
afterAll(() => t.close());

interface Report {
  dry_run: boolean;
  imported: boolean;
  rows: {
    index: number;
    line: number | null;
    slug: string | null;
    action: string | null;
    problems: { field: string | null; message: string }[];
  }[];
  summary: { rows: number; create: number; update: number; unchanged: number; problems: number };
}

const importCsv = (csv: string, dryRun: boolean, token = editor) =>
  t.call("POST", `${API}/catalogue/import?dryRun=${dryRun}`, {
    token,
    body: csv,
    headers: { "content-type": "text/csv" },
  });
const importJson = (body: unknown, dryRun: boolean, token = editor) =>
  t.call("POST", `${API}/catalogue/import?dryRun=${dryRun}`, { token, body });

async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as T;
}

async function exportCsv(): Promise<string> {
  const res = await t.call("GET", `${API}/catalogue/export?format=csv`, { token: editor });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** What an import must leave alone when it writes nothing: the rows, their links, the log and the index's version. */
async function footprint() {
  const count = async (table: "workouts" | "audit_log" | "workout_trainers") =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const version = await t.db.selectFrom("catalogue_version").select("version").executeTakeFirstOrThrow();
  const latest = await t.db
    .selectFrom("workouts")
    .select("updated_at")
    .orderBy("updated_at", "desc")
    .executeTakeFirst();
  return {
    workouts: await count("workouts"),
    audit: await count("audit_log"),
    links: await count("workout_trainers"),
    version: version.version,
    latest: latest?.updated_at.toISOString(),
  };
}

/** A CSV file from rows of the columns given (RFC 4180 quoting where a value needs it). */
function csvOf(columns: string[], rows: string[][]): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [columns, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}

async function searchHits(keywords: string): Promise<string[]> {
  const res = await t.call("POST", "/tsapi/workouts/search", { body: { keywords, pagination: "off" } });
  return res.json<{ hits: { id: string }[] }>().hits.map((h) => h.id);
}

async function eventually(check: () => Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("condition not reached in time");
}

describe("who may move the catalogue", () => {
  const routes = (): [string, string, "read" | "catalogue", unknown?][] => [
    ["GET", `${API}/catalogue/export?format=csv`, "read"],
    ["GET", `${API}/catalogue/export?format=json`, "read"],
    ["POST", `${API}/catalogue/import?dryRun=true`, "catalogue", { workouts: [] }],
    ["POST", `${API}/catalogue/import?dryRun=false`, "catalogue", { workouts: [] }],
  ];

  it("refuses anonymous callers (401) and members without a role (403)", async () => {
    for (const [method, url, , body] of routes()) {
      expectError(await t.call(method, url, { body }), 401);
      expectError(await t.call(method, url, { body, token: member }), 403);
    }
  });

  it("lets every role export and only admins and editors import", async () => {
    const viewer = await t.signUp();
    await ok(t.call("POST", `${API}/operators`, { token: admin, body: { email: viewer.email, role: "viewer" } }));
    const may = { admin: ["read", "catalogue"], editor: ["read", "catalogue"], support: ["read"], viewer: ["read"] };
    const tokens = { admin, editor, support, viewer: viewer.token };
    for (const [role, areas] of Object.entries(may) as [keyof typeof may, string[]][])
      for (const [method, url, area, body] of routes()) {
        const res = await t.call(method, url, { body, token: tokens[role] });
        if (areas.includes(area)) expect(res.statusCode, `${role} ${method} ${url}: ${res.body}`).toBe(200);
        else expect(expectError(res, 403).text).toContain("Only admins and editors");
      }
  });
});

describe("the export", () => {
  it("writes every workout in every state as RFC 4180 CSV with a header row, lists `;`-separated, as an attachment", async () => {
    const draft = await ok<{ id: string }>(
      t.call("POST", `${API}/workouts`, {
        token: editor,
        body: {
          name: 'Quoted, "tricky" flow',
          slug: "quoted-tricky-flow",
          description: "Line one, with a comma\nand line two",
          type: "workout",
          level: "Beginner",
          pacing: "Slow & Steady",
          video_minutes: 25,
          equipment: ["Mat", "Block; foam"],
          focus: ["Hips"],
          benefits: [],
          strain: ["floor"],
          poster_url: "",
          breakdown: [
            { title: "Warm-up", minutes: 5 },
            { title: "Flow: hips", minutes: 20 },
          ],
          trainer_ids: [trainer.id],
          category_ids: [],
          collection_ids: [],
        },
      }),
    );
    const res = await t.call("GET", `${API}/catalogue/export?format=csv`, { token: support });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="fitkit-catalogue-2027-03-01.csv"');
    const text = res.body;
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    expect(text.split("\r\n")[0]).toBe(CATALOGUE_COLUMNS.join(","));
    expect(text.endsWith("\r\n")).toBe(true);

    const records = parse<Record<string, string>>(text, { columns: true });
    const total = (await t.db.selectFrom("workouts").select("id").execute()).length;
    expect(records).toHaveLength(total);
    const row = records.find((r) => r.slug === "quoted-tricky-flow");
    expect(row).toEqual({
      slug: "quoted-tricky-flow",
      name: 'Quoted, "tricky" flow',
      description: "Line one, with a comma\nand line two",
      type: "workout",
      level: "Beginner",
      pacing: "Slow & Steady",
      video_minutes: "25",
      equipment: "Mat;Block\\; foam",
      focus: "Hips",
      benefits: "",
      strain: "floor",
      poster_url: "",
      breakdown: "Warm-up:5;Flow: hips:20",
      trainers: trainer.slug,
      categories: "",
      collections: "",
      status: "draft",
      release_at: "",
      release_zone: "",
    });
    expect(text).toContain('"Quoted, ""tricky"" flow"');
    expect(draft.id).toBe("quoted-tricky-flow");
  });

  it("writes the same rows as JSON, with the date members see for a published workout", async () => {
    const res = await t.call("GET", `${API}/catalogue/export?format=json`, { token: editor });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="fitkit-catalogue-2027-03-01.json"');
    const { workouts } = res.json<{ workouts: Record<string, unknown>[] }>();
    const csvRows = parse<{ slug: string }>(await exportCsv(), { columns: true });
    expect(workouts.map((w) => w.slug)).toEqual(csvRows.map((r) => r.slug));
    expect(Object.keys(workouts[0]!)).toEqual([...CATALOGUE_COLUMNS]);
    const published = await t.db
      .selectFrom("workouts")
      .select(["slug", "start_date"])
      .where("status", "=", "published")
      .orderBy("slug")
      .executeTakeFirstOrThrow();
    const exported = workouts.find((w) => w.slug === published.slug)!;
    expect(exported).toMatchObject({ status: "published", release_zone: null });
    expect(new Date(exported.release_at as string).getTime()).toBe(published.start_date.getTime());
    expect(workouts.find((w) => w.slug === "quoted-tricky-flow")).toMatchObject({
      equipment: ["Mat", "Block; foam"],
      breakdown: [
        { title: "Warm-up", minutes: 5 },
        { title: "Flow: hips", minutes: 20 },
      ],
      trainers: [trainer.slug],
      release_at: null,
    });
  });
});

describe("the round trip", () => {
  it("imports its own CSV export as unchanged, row for row, and writes nothing", async () => {
    const csv = await exportCsv();
    const before = await footprint();
    const report = await ok<Report>(importCsv(csv, false));
    expect(report.imported).toBe(true);
    expect(report.summary).toMatchObject({ create: 0, update: 0, problems: 0 });
    expect(report.summary.unchanged).toBe(before.workouts);
    expect(report.rows.every((r) => r.action === "unchanged" && !r.problems.length)).toBe(true);
    // Lines count from the header (line 1); the quoted two-line description shifts the rows after it by one.
    const records = parse(csv, { info: true }) as unknown as { info: { lines: number } }[];
    expect(report.rows.map((r) => r.line)).toEqual(
      records.slice(1).map((r, i) => (i === 0 ? 2 : records[i]!.info.lines + 1)),
    );
    expect(await footprint()).toEqual(before);
  });

  it("imports its own JSON export as unchanged", async () => {
    const file = (await t.call("GET", `${API}/catalogue/export?format=json`, { token: editor })).json();
    const before = await footprint();
    const report = await ok<Report>(importJson(file, false));
    expect(report.summary.unchanged).toBe(before.workouts);
    expect(report.summary.rows).toBe(before.workouts);
    expect(await footprint()).toEqual(before);
  });
});

describe("the dry run", () => {
  const columns = ["slug", "name", "level", "video_minutes", "trainers", "status", "release_at", "release_zone"];
  const longLevel = "x".repeat(61);
  const file = () =>
    csvOf(columns, [
      ["import-good", "Good Import", "Beginner", "20", trainer.slug, "", "", ""],
      ["import-no-title", "", "Beginner", "20", "", "", "", ""],
      ["import-bad-trainer", "Bad Trainer", "Beginner", "20", `${trainer.slug};nobody`, "", "", ""],
      ["import-bad-level", "Bad Level", longLevel, "20", "", "", "", ""],
      ["import-good", "Good Import Again", "Beginner", "20", "", "", "", ""],
      ["import-bad-date", "Bad Date", "Beginner", "20", "", "scheduled", "2027-02-30T09:00", "America/Chicago"],
      ["import-past", "Past", "Beginner", "20", "", "scheduled", "2027-02-01T09:00", "America/Chicago"],
      ["Bad Slug", "Bad Slug", "Beginner", "abc", "", "live", "", ""],
      ["quoted-tricky-flow", "Quoted, now plain", "Beginner", "25", "", "archived", "", ""],
    ]);

  it("writes nothing and reports every row's action and every problem", async () => {
    const before = await footprint();
    const report = await ok<Report>(importCsv(file(), true));
    expect(report).toMatchObject({ dry_run: true, imported: false });
    const problems = (i: number) => report.rows[i]!.problems.map((p) => [p.field, p.message]);
    expect(report.rows.map((r) => [r.line, r.slug, r.action])).toEqual([
      [2, "import-good", "create"],
      [3, "import-no-title", "create"],
      [4, "import-bad-trainer", "create"],
      [5, "import-bad-level", "create"],
      [6, "import-good", "create"],
      [7, "import-bad-date", "create"],
      [8, "import-past", "create"],
      [9, "Bad Slug", "create"],
      [10, "quoted-tricky-flow", "update"],
    ]);
    expect(problems(0)).toEqual([]);
    expect(problems(1)).toEqual([["name", "name should not be empty"]]);
    expect(problems(2)).toEqual([["trainers", 'Unknown trainer "nobody".']]);
    expect(problems(3)).toEqual([["level", "level must be shorter than or equal to 60 characters"]]);
    expect(problems(4)).toEqual([["slug", 'The slug "import-good" is already on line 2 of this file.']]);
    expect(problems(5)).toEqual([
      ["release_at", expect.stringContaining('release_at "2027-02-30T09:00" is not a date')],
    ]);
    expect(problems(6)).toEqual([["release_at", "The release time is in the past: choose a later time."]]);
    expect(problems(7)).toEqual([
      ["video_minutes", 'video_minutes must be a whole number of minutes, not "abc".'],
      ["video_minutes", "video_minutes should not be empty"],
      ["slug", "slug must match ^[a-z0-9]+(-[a-z0-9]+)*$ regular expression"],
      ["status", "status must be one of the following values: draft, scheduled, published, archived"],
    ]);
    expect(problems(8)).toEqual([
      ["status", "This workout is draft and cannot become archived: a draft can be scheduled or published."],
    ]);
    expect(report.summary).toEqual({ rows: 9, create: 1, update: 0, unchanged: 0, problems: 8 });
    expect(await footprint()).toEqual(before);
  });

  it("reports the same problems for a JSON file, by row index, and the columns a row should not have", async () => {
    const report = await ok<Report>(
      importJson(
        {
          workouts: [
            { slug: "json-row", name: "JSON Row", video_minutes: 15, trainers: [trainer.slug], equipment: "Mat" },
            { slug: "json-row-2", name: "JSON Row 2", video_minutes: 15, colour: "red" },
          ],
        },
        true,
      ),
    );
    expect(report.rows.map((r) => [r.index, r.line, r.action, r.problems])).toEqual([
      [0, null, "create", [{ field: "equipment", message: "equipment must be an array" }]],
      [1, null, "create", [{ field: "colour", message: "property colour should not exist" }]],
    ]);
  });
});

describe("the import", () => {
  it("refuses the whole file (422, the dry run's report) when one row has a problem, and writes nothing", async () => {
    const before = await footprint();
    const good = csvOf(
      ["slug", "name", "video_minutes", "status"],
      [
        ["blocked-good", "Blocked Good", "20", "published"],
        ["blocked-bad", "", "20", ""],
      ],
    );
    const res = await importCsv(good, false);
    const body = res.json<{ statusCode: number; error: string; message: string; report: Report }>();
    expect(res.statusCode).toBe(422);
    expect(body).toMatchObject({
      statusCode: 422,
      error: "Unprocessable Entity",
      message: "1 row has a problem: nothing was imported.",
    });
    expect(body.report).toMatchObject({ dry_run: false, imported: false });
    expect(body.report.rows.map((r) => [r.slug, r.action, r.problems.length])).toEqual([
      ["blocked-good", "create", 0],
      ["blocked-bad", "create", 1],
    ]);
    expect(await footprint()).toEqual(before);
  });

  it("refuses files it cannot read as a whole, clearly", async () => {
    expect(expectError(await importCsv("slug,name,colour\r\na,b,c\r\n", true), 400).text).toContain(
      'Unknown column "colour"',
    );
    expect(expectError(await importCsv('slug,name\r\na,"unclosed\r\n', true), 400).text).toContain(
      "The CSV file could not be read",
    );
    expect(expectError(await importCsv("name\r\nNo slug\r\n", true), 400).text).toContain('needs a "slug" column');
    expect(expectError(await importCsv("", true), 400).text).toContain("empty");
    expectError(await importJson({ rows: [] }, true), 400);
    expectError(
      await t.call("POST", `${API}/catalogue/import?dryRun=true`, {
        token: editor,
        body: "slug\r\n",
        headers: { "content-type": "text/plain" },
      }),
      415,
    );
    expectError(await importJson({ workouts: [] }, undefined as unknown as boolean), 400);
    const huge = `slug,description\r\nbig,${"x".repeat(5 * 1024 * 1024)}\r\n`;
    expectError(await importCsv(huge, true), 413);
  });

  it("creates and updates every row in one go, each audited, seen in the console and, when published, in search", async () => {
    const csv = csvOf(
      [
        "slug",
        "name",
        "description",
        "type",
        "level",
        "video_minutes",
        "equipment",
        "breakdown",
        "trainers",
        "categories",
        "collections",
        "status",
        "release_at",
        "release_zone",
      ],
      [
        [
          "harbour-stretch",
          "Harbour Stretch",
          "Moved in from our old platform.",
          "",
          "Beginner",
          "18",
          "Mat; Strap",
          "Settle:3;Stretch:15",
          trainer.slug,
          category,
          collection,
          "published",
          "2026-05-04T07:30:00-05:00",
          "America/Chicago",
        ],
        ["harbour-draft", "Harbour Draft", "", "walk", "", "12", "", "", "", "", "", "", "", ""],
        [
          "harbour-later",
          "Harbour Later",
          "",
          "",
          "",
          "30",
          "",
          "",
          "",
          "",
          "",
          "scheduled",
          "2027-03-08T06:00",
          "America/Chicago",
        ],
      ],
    );
    // The console's draft from the export test, its level changed and nothing else (the other columns are left out).
    const update = csvOf(["slug", "level"], [["quoted-tricky-flow", "Intermediate"]]);
    const dry = await ok<Report>(importCsv(csv, true));
    expect(dry.rows.map((r) => r.action)).toEqual(["create", "create", "create"]);
    const report = await ok<Report>(importCsv(csv, false));
    expect(report).toMatchObject({ dry_run: false, imported: true, summary: { create: 3, problems: 0 } });
    expect((await ok<Report>(importCsv(update, false))).rows[0]!.action).toBe("update");

    const stretch = await ok<Record<string, unknown>>(
      t.call("GET", `${API}/workouts/harbour-stretch`, { token: support }),
    );
    expect(stretch).toMatchObject({
      status: "published",
      type: "workout",
      equipment: ["Mat", "Strap"],
      breakdown: [
        { title: "Settle", minutes: 3 },
        { title: "Stretch", minutes: 15 },
      ],
      trainer_ids: [trainer.id],
      release_at: "2026-05-04T12:30:00.000Z",
      release_zone: "America/Chicago",
    });
    const later = await ok<Record<string, unknown>>(t.call("GET", `${API}/workouts/harbour-later`, { token: editor }));
    expect(later).toMatchObject({ status: "scheduled", release_at: "2027-03-08T12:00:00.000Z" });
    expect(await ok(t.call("GET", `${API}/workouts/harbour-draft`, { token: editor }))).toMatchObject({
      status: "draft",
      type: "walk",
    });
    const list = await ok<{ items: { slug: string; status: string }[] }>(
      t.call("GET", `${API}/workouts?q=harbour`, { token: editor }),
    );
    expect(list.items.map((i) => [i.slug, i.status]).sort()).toEqual([
      ["harbour-draft", "draft"],
      ["harbour-later", "scheduled"],
      ["harbour-stretch", "published"],
    ]);
    const updated = await ok<Record<string, unknown>>(
      t.call("GET", `${API}/workouts/quoted-tricky-flow`, { token: editor }),
    );
    expect(updated).toMatchObject({
      level: "Intermediate",
      name: 'Quoted, "tricky" flow',
      equipment: ["Mat", "Block; foam"],
    });

    // Members find the published one, with the date it had on the old platform; the draft and the scheduled one not.
    await eventually(async () => (await searchHits("harbour stretch")).includes("harbour-stretch"));
    const hits = await searchHits("harbour");
    expect(hits).not.toContain("harbour-draft");
    expect(hits).not.toContain("harbour-later");
    const detail = await ok<{ start_date: string; collections: { slug: string }[] }>(
      t.call("GET", "/tsapi/workouts/harbour-stretch"),
    );
    expect(detail.start_date).toBe("2026-05-04T12:30:00.000Z");
    expect(detail.collections.map((c) => c.slug)).toEqual([collection]);

    const log = await ok<{
      items: { action: string; actor_email: string; record_id: string; before: unknown; changed: string[] }[];
    }>(t.call("GET", `${API}/audit?record_type=workout&limit=4`, { token: admin }));
    expect(log.items.map((e) => [e.action, e.actor_email, e.record_id])).toEqual([
      ["workout.import", "editor@demo.fitkit.dev", "quoted-tricky-flow"],
      ["workout.import", "editor@demo.fitkit.dev", "harbour-later"],
      ["workout.import", "editor@demo.fitkit.dev", "harbour-draft"],
      ["workout.import", "editor@demo.fitkit.dev", "harbour-stretch"],
    ]);
    expect(log.items[0]!.changed).toEqual(["level"]);
    expect(log.items[1]!.before).toBeNull();

    // The scheduled one is released at its time like any scheduled workout.
    t.clock.advance(7 * 24 * 60 * 60_000);
    expect(await t.app.catalogueRelease.run()).toEqual(["harbour-later"]);
  });
});
