import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../host/server/clock.js";
import { consolePeople, ok, publishedWorkoutIds } from "./console-people.js";
import { databaseKind, expectError, startTestApp, type TestApp } from "./harness.js";

/**
 * The members' home page and keyed copy as the console runs them (/admin/v1): home rows, carousels, FAQ entries,
 * welcome copy and coach marks go from a draft to what members are answered on publish, move one place at a time
 * within their list, leave on retire (never deleted), and every write leaves its before and after in the audit log.
 * Each role is tried on every route.
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

type Listed = { id: string; status: string; position: number | null };
type AuditItem = { action: string; actor_email: string; before: Record<string, unknown> | null; after: unknown };

const audit = async (type: string, id: string) =>
  (
    await ok<{ items: AuditItem[] }>(
      t.call("GET", `${API}/audit?record_type=${type}&record_id=${id}`, { token: admin }),
    )
  ).items.map((e) => e.action);

const auditCount = async () => (await t.db.selectFrom("audit_log").select("id").execute()).length;

/** The home page's rows as members are answered, by title. */
const memberRows = async () =>
  (await ok<{ rows: { title: string; position: number }[] }>(t.call("GET", "/tsapi/home_page", { token: member })))
    .rows;
const memberCarousels = async () =>
  (await ok<{ items: { slug: string; items: { id: string }[] }[] }>(t.call("GET", "/tsapi/carousels"))).items;
const memberEntries = async (key: string) =>
  (
    await ok<{ items: { name: string; value: Record<string, unknown> }[] }>(
      t.call("GET", `/tsapi/dynamic_content?filter=${key}`),
    )
  ).items;

const rowBody = (overrides: Record<string, unknown> = {}) => ({
  title: "Evening Stretch",
  kind: "category",
  source: { slug: "recover-and-stretch", limit: 6 },
  ...overrides,
});
const carouselBody = (overrides: Record<string, unknown> = {}) => ({
  slug: "staff-picks",
  title: "Staff Picks",
  kind: "workouts",
  item_ids: workoutIds,
  ...overrides,
});
const faqBody = (overrides: Record<string, unknown> = {}) => ({
  key: "faq",
  name: "membership-pause",
  value: { question: "Can I pause my membership?", answer: "Yes: up to three months, from Account, Membership." },
  ...overrides,
});

describe("who may change the home page and its copy", () => {
  const routes = (): [string, string, "read" | "catalogue", unknown?][] => {
    const listed = (path: string, body: unknown): [string, string, "read" | "catalogue", unknown?][] => [
      ["GET", `${API}/${path}`, "read"],
      ["GET", `${API}/${path}/nothing-here`, "read"],
      ["POST", `${API}/${path}`, "catalogue", body],
      ["PUT", `${API}/${path}/nothing-here`, "catalogue", body],
      ["POST", `${API}/${path}/nothing-here/publish`, "catalogue"],
      ["POST", `${API}/${path}/nothing-here/retire`, "catalogue"],
      ["POST", `${API}/${path}/nothing-here/move`, "catalogue", { direction: "up" }],
    ];
    return [
      // Bodies the schema accepts that the service refuses: a write let through is refused, nothing made.
      ...listed("home-rows", rowBody({ source: { slug: "no-such-category" } })),
      ...listed("carousels", carouselBody({ slug: "new-this-week" })),
      ...listed("content-entries", faqBody({ name: "membership-cancel" })),
      ["GET", `${API}/content-entries?key=faq`, "read"],
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
    const logged = await auditCount();
    const may = { admin: ["read", "catalogue"], editor: ["read", "catalogue"], support: ["read"], viewer: ["read"] };
    const tokens = { admin, editor, support, viewer };
    for (const [role, areas] of Object.entries(may) as [keyof typeof may, string[]][])
      for (const [method, url, area, body] of routes()) {
        const res = await t.call(method, url, { body, token: tokens[role] });
        if (areas.includes(area))
          expect([200, 400, 404, 409], `${role} ${method} ${url}: ${res.body}`).toContain(res.statusCode);
        else expect(expectError(res, 403).text).toContain("Only admins and editors");
      }
    expect(await auditCount()).toBe(logged); // every write was refused: nothing written, nothing logged
  });
});

describe("home rows", () => {
  it("keeps a draft off members' home page, publishes it last, moves it up, retires it, all audited", async () => {
    const before = (await memberRows()).map((r) => r.title);
    const draft = await ok<Listed & { title: string }>(
      t.call("POST", `${API}/home-rows`, { token: editor, body: rowBody() }),
    );
    expect(draft).toMatchObject({ status: "draft", title: "Evening Stretch", position: before.length + 1 });
    expect((await memberRows()).map((r) => r.title)).toEqual(before);

    await ok(t.call("POST", `${API}/home-rows/${draft.id}/publish`, { token: editor }));
    const published = await memberRows();
    expect(published.map((r) => r.title)).toEqual([...before, "Evening Stretch"]);
    expect(published.map((r) => r.position)).toEqual(published.map((_, i) => i + 1));
    const shown = (await ok<{ rows: { title: string; items: unknown[] }[] }>(t.call("GET", "/tsapi/home_page"))).rows;
    const row = shown.find((r) => r.title === "Evening Stretch")!;
    expect(row.items.length).toBeGreaterThan(0);
    expect(row.items.length).toBeLessThanOrEqual(6); // its limit

    const moved = await ok<{ items: Listed[] }>(
      t.call("POST", `${API}/home-rows/${draft.id}/move`, { token: editor, body: { direction: "up" } }),
    );
    const live = moved.items.filter((i) => i.status !== "retired");
    expect(live.map((i) => i.position)).toEqual(live.map((_, i) => i + 1));
    expect((await memberRows()).map((r) => r.title)).toEqual([
      ...before.slice(0, -1),
      "Evening Stretch",
      before.at(-1),
    ]);

    await ok(
      t.call("PUT", `${API}/home-rows/${draft.id}`, {
        token: admin,
        body: rowBody({ title: "Wind Down", kind: "collection", source: { slug: "quick-hits" } }),
      }),
    );
    expect((await memberRows()).map((r) => r.title)).toContain("Wind Down");

    await ok(t.call("POST", `${API}/home-rows/${draft.id}/retire`, { token: editor }));
    expect((await memberRows()).map((r) => r.title)).toEqual(before);
    expect(await ok<Listed>(t.call("GET", `${API}/home-rows/${draft.id}`, { token: viewer }))).toMatchObject({
      status: "retired",
      position: null,
    });
    expect(await audit("home_row", draft.id)).toEqual([
      "home_row.retire",
      "home_row.update",
      "home_row.move",
      "home_row.publish",
      "home_row.create",
    ]);
  });

  it("refuses a source that does not fit the row's kind, unknown items and a blank title, writing nothing", async () => {
    const logged = await auditCount();
    const refused = async (body: Record<string, unknown>) =>
      expectError(await t.call("POST", `${API}/home-rows`, { token: editor, body: rowBody(body) }), 400).text;
    expect(await refused({ source: { slug: "no-such-category" } })).toContain('Unknown category "no-such-category"');
    expect(await refused({ kind: "collection", source: { slug: "nope" } })).toContain('Unknown collection "nope"');
    expect(await refused({ kind: "workouts", source: { ids: [workoutIds[0], "ghost"] } })).toContain(
      'Unknown workout "ghost"',
    );
    expect(await refused({ kind: "category", source: {} })).toContain('needs "slug"');
    expect(await refused({ kind: "stats", source: { limit: 3 } })).toContain('takes no "limit"');
    await refused({ title: "  " });
    await refused({ kind: "weather" });
    await refused({ source: { slug: "recover-and-stretch", limit: 0 } });
    await refused({ source: { slug: "recover-and-stretch", colour: "red" } });
    expect(await auditCount()).toBe(logged);
  });
});

describe("carousels", () => {
  it("publishes a carousel of workouts to members in order, moves it first, retires it", async () => {
    const draft = await ok<Listed & { slug: string }>(
      t.call("POST", `${API}/carousels`, { token: editor, body: carouselBody() }),
    );
    expect(draft).toMatchObject({ id: "car_staff-picks", status: "draft" });
    expect((await memberCarousels()).map((c) => c.slug)).not.toContain("staff-picks");

    await ok(t.call("POST", `${API}/carousels/${draft.id}/publish`, { token: editor }));
    let shown = await memberCarousels();
    expect(shown.at(-1)?.slug).toBe("staff-picks");
    expect(shown.at(-1)?.items.map((w) => w.id)).toEqual(workoutIds);

    const count = shown.length;
    for (let i = 1; i < count; i++)
      await ok(t.call("POST", `${API}/carousels/${draft.id}/move`, { token: editor, body: { direction: "up" } }));
    shown = await memberCarousels();
    expect(shown[0]?.slug).toBe("staff-picks");
    expect(
      expectError(
        await t.call("POST", `${API}/carousels/${draft.id}/move`, { token: editor, body: { direction: "up" } }),
        400,
      ).text,
    ).toContain("already first");

    await ok(t.call("POST", `${API}/carousels/${draft.id}/retire`, { token: editor }));
    expect((await memberCarousels()).map((c) => c.slug)).not.toContain("staff-picks");
    const log = await audit("carousel", draft.id);
    expect(log[0]).toBe("carousel.retire");
    expect(log.at(-1)).toBe("carousel.create");
    expect(log.filter((a) => a === "carousel.move")).toHaveLength(count - 1);
  });

  it("refuses a taken slug (409) and unknown items of its kind (400)", async () => {
    expect(
      expectError(
        await t.call("POST", `${API}/carousels`, { token: editor, body: carouselBody({ slug: "new-this-week" }) }),
        409,
      ).text,
    ).toContain("new-this-week");
    expect(
      expectError(
        await t.call("POST", `${API}/carousels`, {
          token: editor,
          body: carouselBody({ slug: "x-series", kind: "series", item_ids: workoutIds.slice(0, 1) }),
        }),
        400,
      ).text,
    ).toContain(`Unknown series "${workoutIds[0]}"`);
    expectError(
      await t.call("POST", `${API}/carousels`, { token: editor, body: carouselBody({ slug: "Not A Slug" }) }),
      400,
    );
  });
});

describe("FAQ, welcome copy and coach marks", () => {
  it("publishes an FAQ entry to members, edits it, reorders it within the FAQ, retires it", async () => {
    const faqBefore = (await memberEntries("faq")).map((e) => e.name);
    const draft = await ok<Listed & { name: string }>(
      t.call("POST", `${API}/content-entries`, { token: editor, body: faqBody() }),
    );
    expect(draft).toMatchObject({ status: "draft", position: faqBefore.length + 1 });
    expect((await memberEntries("faq")).map((e) => e.name)).toEqual(faqBefore);

    await ok(t.call("POST", `${API}/content-entries/${draft.id}/publish`, { token: editor }));
    expect((await memberEntries("faq")).map((e) => e.name)).toEqual([...faqBefore, "membership-pause"]);
    await ok(t.call("POST", `${API}/content-entries/${draft.id}/move`, { token: editor, body: { direction: "up" } }));
    const moved = (await memberEntries("faq")).map((e) => e.name);
    expect(moved.at(-2)).toBe("membership-pause");
    // Only the FAQ's order changed: the other keys' lists are their own.
    const welcome = await ok<{ items: (Listed & { key: string })[] }>(
      t.call("GET", `${API}/content-entries?key=welcome`, { token: viewer }),
    );
    expect(welcome.items.every((e) => e.key === "welcome")).toBe(true);
    expect(welcome.items.map((e) => e.position)).toEqual(welcome.items.map((_, i) => i + 1));

    const answer = "Yes: up to three months. Your access pauses with it.";
    await ok(
      t.call("PUT", `${API}/content-entries/${draft.id}`, {
        token: editor,
        body: faqBody({ value: { question: "Can I pause my membership?", answer } }),
      }),
    );
    expect((await memberEntries("faq")).find((e) => e.name === "membership-pause")?.value.answer).toBe(answer);

    await ok(t.call("POST", `${API}/content-entries/${draft.id}/retire`, { token: editor }));
    expect((await memberEntries("faq")).map((e) => e.name)).toEqual(faqBefore);
    expect(await audit("content_entry", draft.id)).toEqual([
      "content_entry.retire",
      "content_entry.update",
      "content_entry.move",
      "content_entry.publish",
      "content_entry.create",
    ]);
  });

  it("edits the welcome screen's lead and a coach mark, which members read at once", async () => {
    const { items } = await ok<{ items: (Listed & { name: string; value: Record<string, unknown> })[] }>(
      t.call("GET", `${API}/content-entries?key=welcome`, { token: editor }),
    );
    const lead = items.find((e) => e.value.title)!;
    await ok(
      t.call("PUT", `${API}/content-entries/${lead.id}`, {
        token: editor,
        body: { key: "welcome", name: lead.name, value: { title: "Welcome aboard", body: "Three steps to start." } },
      }),
    );
    expect((await memberEntries("welcome")).find((e) => e.name === lead.name)?.value).toEqual({
      title: "Welcome aboard",
      body: "Three steps to start.",
    });
    const steps = items.find((e) => e.value.steps)!;
    await ok(
      t.call("PUT", `${API}/content-entries/${steps.id}`, {
        token: editor,
        body: { key: "welcome", name: steps.name, value: { steps: ["Take the quiz", "Book a live class"] } },
      }),
    );
    expect((await memberEntries("welcome")).find((e) => e.name === steps.name)?.value.steps).toEqual([
      "Take the quiz",
      "Book a live class",
    ]);

    const tip = await ok<Listed>(
      t.call("POST", `${API}/content-entries`, {
        token: editor,
        body: { key: "coachMark", name: "live-book", value: { title: "Book ahead", body: "Spots open a week out." } },
      }),
    );
    await ok(t.call("POST", `${API}/content-entries/${tip.id}/publish`, { token: admin }));
    expect((await memberEntries("coachMark")).map((e) => e.name)).toContain("live-book");
  });

  it("refuses a value that does not fit its key, a taken name, a key change and a bad name", async () => {
    const logged = await auditCount();
    const post = (body: Record<string, unknown>) => t.call("POST", `${API}/content-entries`, { token: editor, body });
    expect(expectError(await post(faqBody({ value: { title: "Hi", body: "There" } })), 400).text).toContain(
      'A faq entry\'s value holds "question" and "answer"',
    );
    expect(expectError(await post(faqBody({ key: "welcome", value: { title: "Hi" } })), 400).text).toContain('"steps"');
    expectError(await post(faqBody({ value: { question: "Why?", answer: "   " } })), 400);
    expectError(await post(faqBody({ key: "welcome", value: { steps: [] } })), 400);
    expectError(await post(faqBody({ name: "Not A Name" })), 400);
    expectError(await post(faqBody({ key: "weather" })), 400);
    expect(expectError(await post(faqBody({ name: "membership-cancel" })), 409).text).toContain("membership-cancel");
    const faq = await ok<{ items: Listed[] }>(t.call("GET", `${API}/content-entries?key=faq`, { token: editor }));
    expect(
      expectError(
        await t.call("PUT", `${API}/content-entries/${faq.items[0]!.id}`, {
          token: editor,
          body: { key: "dynamic", name: "x", value: { text: "x" } },
        }),
        400,
      ).text,
    ).toContain("keeps its key");
    expectError(await t.call("GET", `${API}/content-entries?key=weather`, { token: editor }), 400);
    expect(await auditCount()).toBe(logged);
  });
});

describe.runIf(databaseKind === "postgres")("at once", () => {
  it("two editors creating the same FAQ name at once: one is saved, the other refused with a 409", async () => {
    const body = faqBody({ name: "same-moment" });
    const answers = await Promise.all([
      t.call("POST", `${API}/content-entries`, { token: editor, body }),
      t.call("POST", `${API}/content-entries`, { token: admin, body }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it("two editors moving home rows at once take turns: every place stays explicit and distinct", async () => {
    const list = async () =>
      (await ok<{ items: Listed[] }>(t.call("GET", `${API}/home-rows`, { token: editor }))).items.filter(
        (c) => c.status !== "retired",
      );
    const before = await list();
    const [a, b] = before.slice(1, 3) as [Listed, Listed];
    const answers = await Promise.all([
      t.call("POST", `${API}/home-rows/${a.id}/move`, { token: editor, body: { direction: "down" } }),
      t.call("POST", `${API}/home-rows/${b.id}/move`, { token: admin, body: { direction: "up" } }),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const after = await list();
    expect(after.map((c) => c.position)).toEqual(after.map((_, i) => i + 1));
    expect(new Set(after.map((c) => c.id))).toEqual(new Set(before.map((c) => c.id)));
  });
});
