import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../host/server/clock.js";
import { startSession } from "../../host/server/services/sessions.js";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { current, DAY, subscribedMember } from "./membership-helpers.js";

/**
 * Member support in the console (/admin/v1/members): who may reach it, finding a member, the member page (and what
 * it never shows), and each action seen the way the member sees it, with its audit row.
 */
const API = "/admin/v1";
/** Monday 1 March 2027, 15:00 UTC. */
const T0 = new Date("2027-03-01T15:00:00.000Z");
const MONTHLY = "1month_trial0-R-SB";
const NOBODY = "00000000-0000-4000-8000-000000000000";

let t: TestApp;
let admin: string;
let support: string;
let editor: string;
let member: string;

beforeAll(async () => {
  t = await startTestApp({ clock: new TestClock(T0) });
  admin = (await t.signIn("admin@demo.fitkit.dev")).token;
  support = (await t.signIn("support@demo.fitkit.dev")).token;
  editor = (await t.signIn("editor@demo.fitkit.dev")).token;
  member = (await t.signIn("member@demo.fitkit.dev")).token;
}, 60_000);
afterAll(() => t.close());

async function ok<T = Record<string, unknown>>(
  res: Promise<{ statusCode: number; body: string; json(): unknown }>,
): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as T;
}

interface Page {
  profile: { id: string; email: string; deletion: { erase_at: string } | null };
  membership: { state: string; expiration_date: string | null; name: string } | null;
  timeline: { action: string; actor: string; from_state: string | null; to_state: string; details: object }[];
  cards: Record<string, unknown>[];
  sessions: { live: boolean }[];
  plays: { workout_id: string; workout_name: string | null }[];
  bookings: { class_id: string; status: string }[];
  waitlists: { class_id: string; status: string }[];
}

const act = (path: string, id: string, body: unknown, token = support) =>
  t.call("POST", `${API}/members/${id}/${path}`, { token, body });
const page = (id: string, token = support) => ok<Page>(t.call("GET", `${API}/members/${id}`, { token }));
const audit = async (id: string) =>
  (
    await ok<{ items: { action: string; actor_email: string; before: unknown; after: Record<string, unknown> }[] }>(
      t.call("GET", `${API}/audit?record_type=member&record_id=${id}`, { token: admin }),
    )
  ).items;
const mailTo = async (email: string) =>
  (await t.call("GET", "/dev/mail.json"))
    .json<{ items: { to_address: string; subject: string; text_body: string }[] }>()
    .items.filter((m) => m.to_address === email);

describe("who may use member support", () => {
  const routes = (): [string, string, unknown?][] => [
    ["GET", `${API}/members?q=member`],
    ["GET", `${API}/members/${NOBODY}`],
    ["POST", `${API}/members/${NOBODY}/comp`, { days: 30, reason: "probe" }],
    ["POST", `${API}/members/${NOBODY}/cancel`, { when: "now", reason: "probe" }],
    ["POST", `${API}/members/${NOBODY}/pause`, { months: 1, reason: "probe" }],
    ["POST", `${API}/members/${NOBODY}/receipt`, { reason: "probe" }],
    ["POST", `${API}/members/${NOBODY}/password-reset`, { reason: "probe" }],
    ["POST", `${API}/members/${NOBODY}/sign-out`, { reason: "probe" }],
    ["POST", `${API}/members/${NOBODY}/erasure`, { reason: "probe" }],
  ];

  it("refuses anonymous callers (401), members, editors and viewers (403); admins and support get through", async () => {
    const viewer = await t.signUp();
    await ok(t.call("POST", `${API}/operators`, { token: admin, body: { email: viewer.email, role: "viewer" } }));
    for (const [method, url, body] of routes()) {
      expectError(await t.call(method, url, { body }), 401);
      expect(expectError(await t.call(method, url, { body, token: member }), 403).text).toContain(
        "do not work for the company",
      );
      for (const token of [editor, viewer.token])
        expect(expectError(await t.call(method, url, { body, token }), 403).text).toContain(
          "Only admins and support can reach members",
        );
      for (const token of [admin, support]) {
        const res = await t.call(method, url, { body, token });
        // The probe's member does not exist: reads answer 200 (search) or 404 (page), actions 404.
        expect([200, 404], `${method} ${url}: ${res.body}`).toContain(res.statusCode);
      }
    }
  });
});

describe("finding a member", () => {
  it("finds by exact email, email prefix, any part of the name in any case, and id; pages through", async () => {
    const a = await t.signUp({ given_name: "Zelda", family_name: "Quixworth" });
    const b = await t.signUp({ given_name: "Zed", family_name: "quixworthy" });
    const search = (q: string, extra = "") =>
      ok<{ total: number; items: { id: string; email: string; name: string }[] }>(
        t.call("GET", `${API}/members?q=${encodeURIComponent(q)}${extra}`, { token: support }),
      );
    expect((await search(a.email.toUpperCase())).items.map((m) => m.id)).toEqual([a.user.id]);
    expect((await search(a.email.slice(0, 8))).items.map((m) => m.id)).toContain(a.user.id);
    const byName = await search("QUIXWORTH");
    expect(byName.total).toBe(2);
    expect(byName.items.map((m) => m.id).sort()).toEqual([a.user.id, b.user.id].sort());
    expect((await search("lda quix")).items).toEqual([
      expect.objectContaining({ id: a.user.id, name: "Zelda Quixworth", email: a.email }),
    ]);
    expect((await search(b.user.id)).items.map((m) => m.id)).toEqual([b.user.id]);
    const first = await search("quixworth", "&limit=1");
    const second = await search("quixworth", "&limit=1&offset=1");
    expect([first.total, first.items.length, second.items.length]).toEqual([2, 1, 1]);
    expect(first.items[0]!.id).not.toBe(second.items[0]!.id);
    // What is typed is matched literally: a % is not a wildcard.
    expect((await search("%")).total).toBe(0);
    expectError(await t.call("GET", `${API}/members?q=%20`, { token: support }), 400);
    expectError(await t.call("GET", `${API}/members`, { token: support }), 400);
  });
});

describe("the member page", () => {
  it("shows profile, membership, cards (brand and last four), devices, plays, bookings and waitlists", async () => {
    const demo = await ok<{ items: { id: string }[] }>(
      t.call("GET", `${API}/members?q=member@demo.fitkit.dev`, { token: support }),
    );
    const id = demo.items[0]!.id;
    const workout = await t.db.selectFrom("workouts").select(["id", "name"]).orderBy("id").executeTakeFirstOrThrow();
    await startSession(t.db, t.clock, id, workout.id, "iPhone");
    const res = await t.call("GET", `${API}/members/${id}`, { token: support });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<Page>();
    expect(p.profile.email).toBe("member@demo.fitkit.dev");
    expect(p.membership).toMatchObject({ state: "active" });
    expect(p.timeline.length).toBeGreaterThan(0);
    expect(p.cards).toEqual([
      expect.objectContaining({ brand: "visa", last4: "4242", is_default: true, exp_month: 4 }),
    ]);
    expect(p.sessions.some((s) => s.live)).toBe(true);
    // The play just started, among the demo member's own (seeded on the run's clock, which may be later than this one).
    expect(p.plays).toContainEqual(
      expect.objectContaining({
        workout_id: workout.id,
        workout_name: workout.name,
        started_at: t.clock.now().toISOString(),
        device: "iPhone",
      }),
    );
    expect(p.waitlists).toEqual([expect.objectContaining({ status: "waiting" })]);
    // Never a secret: no hash, token, card number or card form secret anywhere in the answer.
    for (const secret of ["password_hash", "token_hash", "client_secret", "4242424242424242", "$argon2", "family_id"])
      expect(res.body).not.toContain(secret);
    for (const card of p.cards)
      expect(Object.keys(card).sort()).toEqual([
        "added_at",
        "brand",
        "exp_month",
        "exp_year",
        "is_default",
        "last4",
        "provider",
      ]);

    const vip = await ok<{ items: { id: string }[] }>(
      t.call("GET", `${API}/members?q=vip@demo.fitkit.dev`, { token: support }),
    );
    expect((await page(vip.items[0]!.id)).bookings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: "pending" }),
        expect.objectContaining({ status: "check in" }),
      ]),
    );
    expectError(await t.call("GET", `${API}/members/${NOBODY}`, { token: support }), 404);
  });
});

describe("support's actions", () => {
  it("comps an active membership: the member's renewal and access move later, recorded with its reason", async () => {
    const m = await subscribedMember(t, MONTHLY);
    const before = await current(t, m.token);
    for (const body of [
      { days: 30 },
      { days: 30, reason: "   " },
      { days: 0, reason: "x" },
      { days: 367, reason: "x" },
    ])
      expectError(await act("comp", m.user.id, body), 400);
    expect((await current(t, m.token)).expiration_date).toBe(before.expiration_date);
    expect(await audit(m.user.id)).toEqual([]);

    await ok(act("comp", m.user.id, { days: 30, reason: "Streaming outage in March" }));
    const after = await current(t, m.token);
    const moved = new Date(new Date(before.expiration_date).getTime() + 30 * DAY).toISOString();
    expect(after).toMatchObject({ state: "active", expiration_date: moved });
    expect(after.next_renewal.period_start).toBe(moved);

    const [entry] = await audit(m.user.id);
    expect(entry).toMatchObject({
      action: "member.comp",
      actor_email: "support@demo.fitkit.dev",
      before: { expiration_date: before.expiration_date },
      after: { expiration_date: moved, days: 30, reason: "Streaming outage in March" },
    });
    expect((await page(m.user.id)).timeline[0]).toMatchObject({
      action: "comped",
      actor: "operator:support@demo.fitkit.dev",
      from_state: "active",
      to_state: "active",
    });
  });

  it("comps a member without a membership with a complimentary one, which a second comp extends", async () => {
    const m = await t.signUp();
    await ok(act("comp", m.user.id, { days: 10, reason: "Goodwill after a billing mix-up" }));
    const comp = await current(t, m.token);
    expect(comp).toMatchObject({
      state: "vip",
      name: "Complimentary membership",
      is_active: true,
      display_state: "active",
      next_renewal: null,
      expiration_date: new Date(T0.getTime() + 10 * DAY).toISOString(),
    });
    const claims = (await t.call("GET", "/user/v1/attribute/claims", { token: m.token })).json();
    expect(JSON.parse(claims.entitlements)).toContain("digital");
    await ok(act("comp", m.user.id, { days: 5, reason: "And five more" }));
    expect((await current(t, m.token)).expiration_date).toBe(new Date(T0.getTime() + 15 * DAY).toISOString());
    expect(
      (await ok<{ items: unknown[] }>(t.call("GET", "/v2/subscriptions/subs/all", { token: m.token }))).items,
    ).toHaveLength(1);
    expect((await audit(m.user.id)).map((e) => e.action)).toEqual(["member.comp", "member.comp"]);
  });

  it("cancels at the period end (access kept) or now (access ends)", async () => {
    const a = await subscribedMember(t, MONTHLY);
    await ok(act("cancel", a.user.id, { when: "period_end", reason: "Asked by phone" }));
    expect(await current(t, a.token)).toMatchObject({ state: "canceled", cancel_at_period_end: true, is_active: true });
    expect(expectError(await act("cancel", a.user.id, { when: "period_end", reason: "Again" }), 400).text).toBe(
      "The membership is already cancelled",
    );

    const b = await subscribedMember(t, MONTHLY);
    expectError(await act("cancel", b.user.id, { when: "later", reason: "x" }), 400);
    await ok(act("cancel", b.user.id, { when: "now", reason: "Fraudulent sign-up" }));
    expect(await current(t, b.token)).toMatchObject({
      state: "expired",
      is_active: false,
      expiration_date: T0.toISOString(),
    });
    expect((await audit(b.user.id))[0]).toMatchObject({
      action: "member.cancel_now",
      before: { state: "active" },
      after: { state: "expired", reason: "Fraudulent sign-up" },
    });
    expect(expectError(await act("cancel", b.user.id, { when: "now", reason: "Again" }), 400).text).toBe(
      "This member has no running membership.",
    );
  });

  it("pauses by the member's own rule", async () => {
    const m = await subscribedMember(t, MONTHLY);
    expectError(await act("pause", m.user.id, { months: 4, reason: "x" }), 400);
    await ok(act("pause", m.user.id, { months: 2, reason: "Travelling" }));
    const sub = await current(t, m.token);
    expect(sub.pause).toMatchObject({ months: 2, starts_at: sub.expiration_date });
    expect(expectError(await act("pause", m.user.id, { months: 1, reason: "Again" }), 400).text).toBe(
      "A pause is already scheduled for this membership",
    );
    expect((await audit(m.user.id))[0]).toMatchObject({ action: "member.pause", after: { months: 2 } });
  });

  it("resends the last receipt and the password reset email", async () => {
    const m = await subscribedMember(t, MONTHLY);
    await ok(act("receipt", m.user.id, { reason: "Needs it for expenses" }));
    const [receipt] = await mailTo(m.email);
    expect(receipt).toMatchObject({ subject: "Your fitkit receipt" });
    expect(receipt!.text_body).toContain("Total: $");
    const none = await t.signUp();
    expect(expectError(await act("receipt", none.user.id, { reason: "x" }), 400).text).toContain("no paid invoice");

    await ok(act("password-reset", m.user.id, { reason: "Locked out" }));
    const reset = (await mailTo(m.email)).find((mail) => mail.subject === "Reset your fitkit password");
    const token = reset!.text_body.match(/reset-password\?token=([\w-]+)/)![1];
    await ok(t.call("POST", "/api/auth/reset-password", { body: { token, password: "a-new-secret" } }));
    await t.signIn(m.email, "a-new-secret");
    expect((await audit(m.user.id)).map((e) => e.action)).toEqual(["member.reset_email", "member.receipt"]);
  });

  it("signs the member out of every device", async () => {
    const m = await t.signUp();
    expect((await t.call("GET", "/user/v1/attribute/claims", { token: m.token })).statusCode).toBe(200);
    await ok(act("sign-out", m.user.id, { reason: "Lost phone" }));
    expectError(await t.call("GET", "/user/v1/attribute/claims", { token: m.token }), 401);
    expectError(await t.call("POST", "/api/auth/refresh-token", { body: { refreshToken: m.refreshToken } }), 401);
    expect((await page(m.user.id)).sessions.every((s) => !s.live)).toBe(true);
    expect((await audit(m.user.id))[0]).toMatchObject({
      action: "member.sign_out",
      before: { signed_in_devices: 1 },
      after: { signed_in_devices: 0, reason: "Lost phone" },
    });
  });

  it("starts the account's erasure as the member's own request does", async () => {
    const m = await subscribedMember(t, MONTHLY);
    await ok(act("erasure", m.user.id, { reason: "Asked by email to delete everything" }));
    expectError(await t.call("GET", "/user/v1/attribute/claims", { token: m.token }), 401);
    expectError(
      await t.call("POST", "/api/auth/sign-in/email", { body: { email: m.email, password: m.password } }),
      403,
    );
    const p = await page(m.user.id);
    expect(p.profile.deletion).not.toBeNull();
    expect(p.membership).toMatchObject({ state: "canceled" });
    expectError(await act("erasure", m.user.id, { reason: "Again" }), 409);
    expect((await audit(m.user.id)).map((e) => e.action)).toEqual(["member.erase"]);
  });
});
