import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../host/server/clock.js";
import { consolePeople, ok, publishedWorkoutIds } from "./console-people.js";
import { databaseKind, expectError, startTestApp, type TestApp } from "./harness.js";

/**
 * The console's content beside workouts (/admin/v1): trainers, collections and series go from a draft to members'
 * lists on publish, move one place at a time, leave on retire (never deleted), and every write leaves its before and
 * after in the audit log. Each role is tried on every route.
 */
const API = "/admin/v1";
const T0 = new Date("2027-03-01T15:00:00.000Z");

let t: TestApp;
let admin: string;
let editor: string;
let support: string;
let viewer: string;
let member: string;
let workoutIds: string[];

beforeAll(async () => {
  t = await startTestApp({ clock: new TestClock(T0), config: { searchIndexBuild: "at-start" } });
  ({ admin, editor, support, viewer, member } = await consolePeople(t));
  workoutIds = await publishedWorkoutIds(t, 3);
}, 60_000);
afterAll(() => t.close());

type Listed = { id: string; name: string; status: string; position: number };
type AuditItem = { action: string; actor_email: string; before: Record<string, unknown> | null; after: unknown };

const audit = async (type: string, id: string) =>
  (
    await ok<{ items: AuditItem[] }>(
      t.call("GET", `${API}/audit?record_type=${type}&record_id=${id}`, { token: admin }),
    )
  ).items;

/** The library's filter options members pick trainers and collections from, in order. */
async function filterOptions(key: "trainer" | "collections"): Promise<string[]> {
  const res = await ok<{ groups: { key: string; options: { label: string }[] }[] }>(
    t.call("GET", "/tsapi/v2/workout/filters"),
  );
  return res.groups.find((g) => g.key === key)?.options.map((o) => o.label) ?? [];
}

const memberCollections = async () =>
  (await ok<{ items: { slug: string }[] }>(t.call("GET", "/tsapi/collections", { token: member }))).items.map(
    (c) => c.slug,
  );

const seriesBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Spring Reset",
  slug: "spring-reset",
  description: "Three classes to start the season.",
  level: "Beginner",
  image_url: "",
  suggested_schedule: "Three times a week.",
  before_you_start: "Bring a mat.",
  featured: false,
  items: workoutIds.map((workout_id) => ({ workout_id })),
  ...overrides,
});

/** A banner from 2 to 9 March 2027 (T0 is 1 March). */
const bannerBody = (overrides: Record<string, unknown> = {}) => ({
  message: "Spring Reset starts Monday.",
  link_text: "See the series",
  link_url: "/series",
  starts_at: "2027-03-02T00:00:00.000Z",
  ends_at: "2027-03-09T00:00:00.000Z",
  ...overrides,
});

describe("who may change content", () => {
  const routes = (): [string, string, "read" | "catalogue", unknown?][] => {
    const ordered = (path: string, body: unknown): [string, string, "read" | "catalogue", unknown?][] => [
      ["GET", `${API}/${path}`, "read"],
      ["GET", `${API}/${path}/nothing-here`, "read"],
      ["POST", `${API}/${path}`, "catalogue", body],
      ["PUT", `${API}/${path}/nothing-here`, "catalogue", body],
      ["POST", `${API}/${path}/nothing-here/publish`, "catalogue"],
      ["POST", `${API}/${path}/nothing-here/retire`, "catalogue"],
      ["POST", `${API}/${path}/nothing-here/move`, "catalogue", { direction: "up" }],
    ];
    return [
      // Bodies the schema accepts with a slug already taken: a write let through is refused (409), nothing made.
      ...ordered("trainers", { name: "Probe", slug: "ava-brooks", bio: "", image_url: "" }),
      ...ordered("collections", { name: "Probe", slug: "modifications", description: "", image_url: "" }),
      ["GET", `${API}/series`, "read"],
      ["GET", `${API}/series/nothing-here`, "read"],
      ["POST", `${API}/series`, "catalogue", seriesBody({ slug: "role-probe", items: [{ workout_id: "nope" }] })],
      ["PUT", `${API}/series/nothing-here`, "catalogue", seriesBody()],
      ["POST", `${API}/series/nothing-here/publish`, "catalogue"],
      ["POST", `${API}/series/nothing-here/retire`, "catalogue"],
      ["GET", `${API}/banners`, "read"],
      ["GET", `${API}/banners/nothing-here`, "read"],
      ["POST", `${API}/banners`, "catalogue", bannerBody({ ends_at: "2027-01-01T00:00:00.000Z" })],
      ["PUT", `${API}/banners/nothing-here`, "catalogue", bannerBody()],
      ["POST", `${API}/banners/nothing-here/publish`, "catalogue"],
      ["POST", `${API}/banners/nothing-here/retire`, "catalogue"],
    ];
  };

  it("refuses anonymous callers (401) and members without a company role (403) on every route", async () => {
    for (const [method, url, , body] of routes()) {
      expectError(await t.call(method, url, { body }), 401);
      expect(expectError(await t.call(method, url, { body, token: member }), 403).text).toContain(
        "do not work for the company",
      );
    }
  });

  it("lets admins and editors write, and every role read; support and viewers are refused writes", async () => {
    const may = { admin: ["read", "catalogue"], editor: ["read", "catalogue"], support: ["read"], viewer: ["read"] };
    const tokens = { admin, editor, support, viewer };
    for (const [role, areas] of Object.entries(may) as [keyof typeof may, string[]][])
      for (const [method, url, area, body] of routes()) {
        const res = await t.call(method, url, { body, token: tokens[role] });
        if (areas.includes(area))
          expect([200, 400, 404, 409], `${role} ${method} ${url}: ${res.body}`).toContain(res.statusCode);
        else expect(expectError(res, 403).text).toContain("Only admins and editors");
      }
  });
});

describe("trainers", () => {
  it("creates a draft outside the filter, publishes it in, moves it, retires it out, all audited", async () => {
    const created = await ok<Listed>(
      t.call("POST", `${API}/trainers`, {
        token: editor,
        body: { name: "Zoë Quill", slug: "zoe-quill", bio: "Pilates since 2009.", image_url: "" },
      }),
    );
    expect(created).toMatchObject({ id: "zoe-quill", status: "draft" });
    expect(await filterOptions("trainer")).not.toContain("Zoë Quill");

    await ok(t.call("POST", `${API}/trainers/zoe-quill/publish`, { token: editor }));
    const before = await filterOptions("trainer");
    expect(before.at(-1)).toBe("Zoë Quill"); // published last in the order
    const moved = await ok<{ items: Listed[] }>(
      t.call("POST", `${API}/trainers/zoe-quill/move`, { token: editor, body: { direction: "up" } }),
    );
    const live = moved.items.filter((i) => i.status !== "retired");
    expect(live.map((i) => i.position)).toEqual(live.map((_, i) => i + 1)); // explicit, gap-free
    expect(live.at(-2)?.id).toBe("zoe-quill");
    const after = await filterOptions("trainer");
    expect(after.at(-2)).toBe("Zoë Quill");
    expect(after.at(-1)).toBe(before.at(-2));

    const edited = await ok<{ name: string }>(
      t.call("PUT", `${API}/trainers/zoe-quill`, {
        token: admin,
        body: { name: "Zoë Quill-Park", slug: "zoe-quill", bio: "Pilates since 2009.", image_url: "" },
      }),
    );
    expect(edited.name).toBe("Zoë Quill-Park");
    expect(await filterOptions("trainer")).toContain("Zoë Quill-Park");

    await ok(t.call("POST", `${API}/trainers/zoe-quill/retire`, { token: editor }));
    expect(await filterOptions("trainer")).not.toContain("Zoë Quill-Park");
    expect((await ok<Listed>(t.call("GET", `${API}/trainers/zoe-quill`, { token: viewer }))).status).toBe("retired");

    const log = await audit("trainer", "zoe-quill");
    expect(log.map((e) => e.action)).toEqual([
      "trainer.retire",
      "trainer.update",
      "trainer.move",
      "trainer.publish",
      "trainer.create",
    ]);
    expect(log[1]).toMatchObject({
      actor_email: "admin@demo.fitkit.dev",
      before: { name: "Zoë Quill" },
      after: { name: "Zoë Quill-Park" },
    });
    expect(log[4]).toMatchObject({ actor_email: "editor@demo.fitkit.dev", before: null, after: { status: "draft" } });
  });

  it("refuses a taken slug, a blank name, an unknown field and moving past the end, writing nothing", async () => {
    const taken = (await t.db.selectFrom("trainers").select("slug").orderBy("id").executeTakeFirstOrThrow()).slug;
    const count = async () => (await t.db.selectFrom("audit_log").select("id").execute()).length;
    const logged = await count();
    const body = { name: "Someone", slug: taken, bio: "", image_url: "" };
    expect(expectError(await t.call("POST", `${API}/trainers`, { token: editor, body }), 409).text).toContain(taken);
    expectError(
      await t.call("POST", `${API}/trainers`, { token: editor, body: { ...body, slug: "x", name: " " } }),
      400,
    );
    expectError(
      await t.call("POST", `${API}/trainers`, { token: editor, body: { ...body, slug: "y", nickname: "Y" } }),
      400,
    );
    expectError(await t.call("POST", `${API}/trainers`, { token: editor, body: { ...body, slug: "Not A Slug" } }), 400);
    const first = (await ok<{ items: Listed[] }>(t.call("GET", `${API}/trainers`, { token: editor }))).items[0]!;
    expect(
      expectError(
        await t.call("POST", `${API}/trainers/${first.id}/move`, { token: editor, body: { direction: "up" } }),
        400,
      ).text,
    ).toContain("already first");
    expectError(
      await t.call("POST", `${API}/trainers/${first.id}/move`, { token: editor, body: { direction: "left" } }),
      400,
    );
    expect(await count()).toBe(logged);
  });
});

describe("collections", () => {
  it("a published collection reaches members' list, page and filter; moving reorders them; retiring removes it", async () => {
    await ok(
      t.call("POST", `${API}/collections`, {
        token: editor,
        body: { name: "Desk Breaks", slug: "desk-breaks", description: "Five minutes away.", image_url: "" },
      }),
    );
    expect(await memberCollections()).not.toContain("desk-breaks");
    expectError(await t.call("GET", "/tsapi/collections/desk-breaks"), 404);

    await ok(t.call("POST", `${API}/collections/desk-breaks/publish`, { token: editor }));
    const listed = await memberCollections();
    expect(listed.at(-1)).toBe("desk-breaks");
    expect(await ok<{ name: string }>(t.call("GET", "/tsapi/collections/desk-breaks"))).toMatchObject({
      name: "Desk Breaks",
    });
    expect(await filterOptions("collections")).toContain("Desk Breaks");

    // Two places up by keyboard-sized steps: each answer is the whole order.
    await ok(t.call("POST", `${API}/collections/desk-breaks/move`, { token: editor, body: { direction: "up" } }));
    await ok(t.call("POST", `${API}/collections/desk-breaks/move`, { token: editor, body: { direction: "up" } }));
    const reordered = await memberCollections();
    expect(reordered.at(-3)).toBe("desk-breaks");
    expect(reordered.filter((s) => s !== "desk-breaks")).toEqual(listed.filter((s) => s !== "desk-breaks"));

    await ok(t.call("POST", `${API}/collections/desk-breaks/retire`, { token: editor }));
    expect(await memberCollections()).not.toContain("desk-breaks");
    expectError(await t.call("GET", "/tsapi/collections/desk-breaks"), 404);
    // Nothing is deleted: it is still in the console, and the log holds every step.
    expect((await ok<Listed>(t.call("GET", `${API}/collections/desk-breaks`, { token: viewer }))).status).toBe(
      "retired",
    );
    expect((await audit("collection", "desk-breaks")).map((e) => e.action)).toEqual([
      "collection.retire",
      "collection.move",
      "collection.move",
      "collection.publish",
      "collection.create",
    ]);
    expect(
      expectError(
        await t.call("POST", `${API}/collections/desk-breaks/move`, { token: editor, body: { direction: "up" } }),
        400,
      ).text,
    ).toContain("retired");
  });
});

describe("trainers and collections in the console", () => {
  it("lists each with its own text and how many workouts name it", async () => {
    const kinds = [
      ["trainers", "workout_trainers", "trainer_id", "bio"],
      ["collections", "workout_collections", "collection_id", "description"],
    ] as const;
    for (const [path, links, column, text] of kinds) {
      const { items } = await ok<{ items: (Listed & { workouts: number } & Record<typeof text, string>)[] }>(
        t.call("GET", `${API}/${path}`, { token: viewer }),
      );
      const rows = await t.db.selectFrom(links).select(column).execute();
      const named = (id: string) => rows.filter((r) => (r as Record<string, string>)[column] === id).length;
      expect(items.some((r) => r.workouts > 0)).toBe(true);
      for (const record of items) expect(record.workouts, `${path} ${record.id}`).toBe(named(record.id));
      expect(items.every((r) => typeof r[text] === "string")).toBe(true);
      expect(items.some((r) => r[text] !== "")).toBe(true);
    }
  });
});

describe("series", () => {
  type Series = { id: string; status: string; items: { workout_id: string; chapter: number }[] };
  const memberSeries = async (slug: string) =>
    (await ok<{ items: { slug: string }[] }>(t.call("GET", `/tsapi/series?ids=${slug}`))).items.map((s) => s.slug);

  it("keeps a draft from members, publishes it with its workouts in order, reorders them, retires it", async () => {
    const draft = await ok<Series>(t.call("POST", `${API}/series`, { token: editor, body: seriesBody() }));
    expect(draft.status).toBe("draft");
    expect(draft.items.map((i) => i.workout_id)).toEqual(workoutIds);
    expect(draft.items.every((i) => i.chapter === 1)).toBe(true);
    expectError(await t.call("GET", "/tsapi/series/spring-reset"), 404);
    expect(await memberSeries("spring-reset")).toEqual([]);

    await ok(t.call("POST", `${API}/series/spring-reset/publish`, { token: editor }));
    expect(await memberSeries("spring-reset")).toEqual(["spring-reset"]);
    const shown = await ok<{ items: { id: string }[] }>(t.call("GET", "/tsapi/series/spring-reset"));
    expect(shown.items.map((w) => w.id)).toEqual(workoutIds);

    // The last workout moved to the top: the order is the list as sent.
    const reordered = [workoutIds[2]!, workoutIds[0]!, workoutIds[1]!];
    await ok(
      t.call("PUT", `${API}/series/spring-reset`, {
        token: editor,
        body: seriesBody({ items: reordered.map((workout_id) => ({ workout_id })) }),
      }),
    );
    const after = await ok<{ items: { id: string; position: number }[] }>(t.call("GET", "/tsapi/series/spring-reset"));
    expect(after.items.map((w) => w.id)).toEqual(reordered);
    expect(after.items.map((w) => w.position)).toEqual([1, 2, 3]);

    await ok(t.call("POST", `${API}/series/spring-reset/retire`, { token: editor }));
    expect(await memberSeries("spring-reset")).toEqual([]);
    // Members enrolled in it keep their page.
    await ok(t.call("GET", "/tsapi/series/spring-reset"));

    const log = await audit("series", "spring-reset");
    expect(log.map((e) => e.action)).toEqual(["series.retire", "series.update", "series.publish", "series.create"]);
    const update = log[1]!;
    expect((update.before as Series).items.map((i) => i.workout_id)).toEqual(workoutIds);
    expect((update.after as Series).items.map((i) => i.workout_id)).toEqual(reordered);
  });

  it("refuses an unknown workout, a taken slug and publishing an empty series, writing nothing", async () => {
    const unknown = expectError(
      await t.call("POST", `${API}/series`, {
        token: editor,
        body: seriesBody({ slug: "ghost-series", items: [{ workout_id: workoutIds[0] }, { workout_id: "no-such" }] }),
      }),
      400,
    );
    expect(unknown.text).toContain('Unknown workout "no-such"');
    expectError(await t.call("GET", `${API}/series/ghost-series`, { token: editor }), 404);
    await ok(t.call("POST", `${API}/series`, { token: editor, body: seriesBody({ slug: "empty-series", items: [] }) }));
    const taken = seriesBody({ slug: "empty-series" });
    expect(expectError(await t.call("POST", `${API}/series`, { token: admin, body: taken }), 409).text).toContain(
      "empty-series",
    );
    expect(
      expectError(await t.call("POST", `${API}/series/empty-series/publish`, { token: editor }), 400).text,
    ).toContain("without workouts");
    expect((await ok<Series>(t.call("GET", `${API}/series/empty-series`, { token: editor }))).status).toBe("draft");
  });
});

describe("announcement banners", () => {
  /** What members see at `at` (the public read: members' tokens would not outlive the clock's jumps). */
  const shownAt = async (at: string) => {
    t.clock.set(new Date(at));
    try {
      const res = await ok<{ items: { message: string }[] }>(t.call("GET", "/tsapi/announcementBanner"));
      return res.items.map((b) => b.message);
    } finally {
      t.clock.set(T0);
    }
  };

  it("shows a published banner to members only within its window, and retires it", async () => {
    const draft = await ok<{ id: string; status: string; showing: boolean }>(
      t.call("POST", `${API}/banners`, { token: editor, body: bannerBody() }),
    );
    expect(draft).toMatchObject({ status: "draft", showing: false });
    expect(await shownAt("2027-03-05T12:00:00.000Z")).not.toContain("Spring Reset starts Monday.");
    const published = await ok<{ status: string; showing: boolean }>(
      t.call("POST", `${API}/banners/${draft.id}/publish`, { token: editor }),
    );
    expect(published).toMatchObject({ status: "published", showing: false }); // 1 March: not yet
    expect(await shownAt(T0.toISOString())).not.toContain("Spring Reset starts Monday.");
    expect(await shownAt("2027-03-05T12:00:00.000Z")).toContain("Spring Reset starts Monday.");

    await ok(
      t.call("PUT", `${API}/banners/${draft.id}`, {
        token: editor,
        body: bannerBody({ message: "Spring Reset started: join any day." }),
      }),
    );
    expect(await shownAt("2027-03-05T12:00:00.000Z")).toContain("Spring Reset started: join any day.");
    expect(await shownAt("2027-03-09T00:00:00.000Z")).not.toContain("Spring Reset started: join any day."); // its end

    await ok(t.call("POST", `${API}/banners/${draft.id}/retire`, { token: editor }));
    expect(await shownAt("2027-03-05T12:00:00.000Z")).not.toContain("Spring Reset started: join any day.");
    expect((await ok<{ status: string }>(t.call("GET", `${API}/banners/${draft.id}`, { token: viewer }))).status).toBe(
      "retired",
    );
    const log = await audit("banner", draft.id);
    expect(log.map((e) => e.action)).toEqual(["banner.retire", "banner.update", "banner.publish", "banner.create"]);
    expect(log[1]).toMatchObject({
      before: { message: "Spring Reset starts Monday." },
      after: { message: "Spring Reset started: join any day." },
    });
  });

  it("refuses an end before the start, a link without words, a blank message, a bad date", async () => {
    const refused = async (body: Record<string, unknown>) =>
      expectError(await t.call("POST", `${API}/banners`, { token: editor, body: bannerBody(body) }), 400).text;
    expect(await refused({ ends_at: "2027-03-01T00:00:00.000Z" })).toContain("ends before it starts");
    expect(await refused({ ends_at: "2027-03-02T00:00:00.000Z" })).toContain("ends before it starts");
    expect(await refused({ link_text: "" })).toContain("link needs its words");
    await refused({ message: "   " });
    await refused({ starts_at: "next tuesday" });
    await refused({ link_url: "javascript:alert(1)" });
    // Open ends are fine: from now until retired.
    await ok(t.call("POST", `${API}/banners`, { token: editor, body: bannerBody({ starts_at: null, ends_at: null }) }));
  });
});

describe.runIf(databaseKind === "postgres")("moves at once", () => {
  it("two editors moving at the same moment take turns: every place stays explicit and distinct", async () => {
    const list = async () =>
      (await ok<{ items: Listed[] }>(t.call("GET", `${API}/collections`, { token: editor }))).items.filter(
        (c) => c.status !== "retired",
      );
    const before = (await list()).map((c) => c.id);
    const [a, b] = before.slice(1, 3) as [string, string];
    const answers = await Promise.all([
      t.call("POST", `${API}/collections/${a}/move`, { token: editor, body: { direction: "down" } }),
      t.call("POST", `${API}/collections/${b}/move`, { token: admin, body: { direction: "up" } }),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const after = await list();
    expect(after.map((c) => c.position)).toEqual(after.map((_, i) => i + 1));
    // Whichever went first, the second moved its record from where the first left it (never a lost update).
    const swap = (ids: string[], id: string, by: number) => {
      const out = [...ids];
      const at = out.indexOf(id);
      [out[at], out[at + by]] = [out[at + by]!, out[at]!];
      return out;
    };
    const aFirst = swap(swap(before, a, 1), b, -1);
    const bFirst = swap(swap(before, b, -1), a, 1);
    expect([aFirst, bFirst]).toContainEqual(after.map((c) => c.id));
  });
});
