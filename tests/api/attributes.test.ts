import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";
import { activityFixture, type ActivityFixture } from "./activity-fixtures.js";

let t: TestApp;
let fx: ActivityFixture;
beforeAll(async () => {
  t = await startTestApp();
  fx = await activityFixture(t);
});
afterAll(() => t.close());

const favorites = (token: string, object: unknown) =>
  t.call("PUT", "/v2/user/attributes/favorites", { token, body: { object } });

describe("favourites", () => {
  it("adds and removes with the object.add/remove body and answers the whole list, newest first", async () => {
    const { token } = await t.signUp();
    expect((await t.call("GET", "/v2/user/attributes/favorites", { token })).json()).toEqual({ workouts: [] });
    let res = await favorites(token, { add: { workouts: [fx.workouts.long] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ workouts: [fx.workouts.long] });
    res = await favorites(token, { add: { workouts: [fx.workouts.short] } });
    expect(res.json()).toEqual({ workouts: [fx.workouts.short, fx.workouts.long] });
    res = await favorites(token, { remove: { workouts: [fx.workouts.long] }, add: { workouts: [fx.workouts.medium] } });
    expect(res.json()).toEqual({ workouts: [fx.workouts.medium, fx.workouts.short] });
    expect((await t.call("GET", "/v2/user/attributes/favorites", { token })).json()).toEqual({
      workouts: [fx.workouts.medium, fx.workouts.short],
    });
  });

  it("is idempotent: adding a favourite again or removing an absent one changes nothing and answers 200", async () => {
    const { token } = await t.signUp();
    await favorites(token, { add: { workouts: [fx.workouts.long] } });
    const again = await favorites(token, { add: { workouts: [fx.workouts.long, fx.workouts.long] } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ workouts: [fx.workouts.long] });
    const absent = await favorites(token, { remove: { workouts: [fx.workouts.short] } });
    expect(absent.statusCode).toBe(200);
    expect(absent.json()).toEqual({ workouts: [fx.workouts.long] });
    expect((await favorites(token, {})).json()).toEqual({ workouts: [fx.workouts.long] });
  });

  it("refuses unknown workouts with 404 and writes nothing", async () => {
    const { token } = await t.signUp();
    expectError(await favorites(token, { add: { workouts: [fx.workouts.long, "no-such-workout"] } }), 404);
    expectError(await favorites(token, { remove: { workouts: ["no-such-workout"] } }), 404);
    expect((await t.call("GET", "/v2/user/attributes/favorites", { token })).json()).toEqual({ workouts: [] });
  });

  it.each([
    [{ object: { add: [1] } }, "object.add must be an object"],
    [{ object: { add: { workouts: "x" } } }, "object.add.workouts must be an array"],
    [{ object: { add: { workouts: [5] } } }, "object.add.workouts.0 must be a string"],
    [{ add: { workouts: [] } }, "property add should not exist"],
    [{ object: { add: { workouts: [] }, toggle: true } }, "property object.toggle should not exist"],
  ])("rejects the malformed body %j with 400", async (body, message) => {
    const { token } = await t.signUp();
    const err = expectError(await t.call("PUT", "/v2/user/attributes/favorites", { token, body }), 400);
    expect(err.text).toContain(message);
  });

  it("refuses an id both added and removed", async () => {
    const { token } = await t.signUp();
    expectError(
      await favorites(token, { add: { workouts: [fx.workouts.long] }, remove: { workouts: [fx.workouts.long] } }),
      400,
    );
  });

  it("keeps every change when parallel requests add different favourites", async () => {
    const { token } = await t.signUp();
    const ids = Object.values(fx.workouts);
    const answers = await Promise.all(ids.map((id) => favorites(token, { add: { workouts: [id] } })));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const final = (await t.call("GET", "/v2/user/attributes/favorites", { token })).json<{ workouts: string[] }>();
    expect([...final.workouts].sort()).toEqual([...ids].sort());
  });

  it("needs a member and never shows or changes another member's favourites", async () => {
    expectError(await t.call("GET", "/v2/user/attributes/favorites"), 401);
    expectError(await t.call("PUT", "/v2/user/attributes/favorites", { body: { object: {} } }), 401);
    const a = await t.signUp();
    const b = await t.signUp();
    await favorites(a.token, { add: { workouts: [fx.workouts.long] } });
    expect((await t.call("GET", "/v2/user/attributes/favorites", { token: b.token })).json()).toEqual({ workouts: [] });
    await favorites(b.token, { remove: { workouts: [fx.workouts.long] } });
    expect((await t.call("GET", "/v2/user/attributes/favorites", { token: a.token })).json()).toEqual({
      workouts: [fx.workouts.long],
    });
  });
});

describe("hidden collections", () => {
  const hide = (token: string, body: unknown) =>
    t.call("PUT", "/v2/user/attributes/collections_hidden", { token, body });

  it("follows the spec's toggle: ids already hidden go to remove, the others to add", async () => {
    const { token } = await t.signUp();
    const [a, b] = fx.collections;
    expect((await t.call("GET", "/v2/user/attributes/collections_hidden", { token })).json()).toEqual({
      collections_hidden: [],
    });
    expect((await hide(token, { add: [a], remove: [] })).json()).toEqual({ collections_hidden: [a] });
    // The client toggles both: a is hidden → remove; b is not → add.
    expect((await hide(token, { add: [b], remove: [a] })).json()).toEqual({ collections_hidden: [b] });
    expect((await t.call("GET", "/v2/user/attributes/collections_hidden", { token })).json()).toEqual({
      collections_hidden: [b],
    });
  });

  it("is idempotent and refuses unknown collections", async () => {
    const { token } = await t.signUp();
    const [a] = fx.collections;
    await hide(token, { add: [a] });
    expect((await hide(token, { add: [a] })).json()).toEqual({ collections_hidden: [a] });
    expect((await hide(token, { remove: [fx.collections[1]] })).json()).toEqual({ collections_hidden: [a] });
    expectError(await hide(token, { add: ["no-such-collection"] }), 404);
    expectError(await hide(token, { add: "x" }), 400);
    expectError(await hide(token, { add: [a], remove: [a] }), 400);
    expectError(await hide(token, { hide: [a] }), 400);
  });

  it("keeps both when two hides race", async () => {
    const { token } = await t.signUp();
    await Promise.all(fx.collections.map((id) => hide(token, { add: [id] })));
    const res = (await t.call("GET", "/v2/user/attributes/collections_hidden", { token })).json<{
      collections_hidden: string[];
    }>();
    expect([...res.collections_hidden].sort()).toEqual([...fx.collections].sort());
  });
});

describe("user settings", () => {
  it("answers the waiver (accepted at sign-up), music on and captions on by default", async () => {
    const { token } = await t.signUp();
    const res = await t.call("GET", "/v2/user/attributes/user", { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ feed_fm_disabled: false, closed_captions: true });
    expect(new Date(body.waiver.accepted_at).toString()).not.toBe("Invalid Date");
  });

  it("leaves the waiver out when it was never accepted, so the client asks for it; accepting records it once", async () => {
    const { token, user } = await t.signUp();
    await t.db.updateTable("users").set({ waiver_accepted_at: null }).where("id", "=", user.id).execute();
    const before = (await t.call("GET", "/v2/user/attributes/user", { token })).json();
    expect(before).not.toHaveProperty("waiver");
    const accepted = (await t.call("PUT", "/v2/user/attributes/user", { token, body: { waiver: true } })).json();
    expect(accepted.waiver.accepted_at).toBe(t.clock.now().toISOString());
    t.clock.advance(60_000);
    const again = (await t.call("PUT", "/v2/user/attributes/user", { token, body: { waiver: true } })).json();
    expect(again.waiver.accepted_at).toBe(accepted.waiver.accepted_at);
  });

  it("changes the switches partially and answers the whole attribute", async () => {
    const { token } = await t.signUp();
    const res = await t.call("PUT", "/v2/user/attributes/user", { token, body: { feed_fm_disabled: true } });
    expect(res.json()).toMatchObject({ feed_fm_disabled: true, closed_captions: true });
    const res2 = await t.call("PUT", "/v2/user/attributes/user", { token, body: { closed_captions: false } });
    expect(res2.json()).toMatchObject({ feed_fm_disabled: true, closed_captions: false });
    expect((await t.call("GET", "/v2/user/attributes/user", { token })).json()).toMatchObject({
      feed_fm_disabled: true,
      closed_captions: false,
    });
  });

  it.each([[{ waiver: false }], [{ feed_fm_disabled: "yes" }], [{ theme: "dark" }]])(
    "rejects %j with 400",
    async (body) => {
      const { token } = await t.signUp();
      expectError(await t.call("PUT", "/v2/user/attributes/user", { token, body }), 400);
    },
  );
});

describe("preferences and email", () => {
  it("merges preferences, removes a key set to null and answers the whole document", async () => {
    const { token } = await t.signUp();
    expect((await t.call("GET", "/v2/user/attributes/preferences", { token })).json()).toEqual({});
    await t.call("PUT", "/v2/user/attributes/preferences", { token, body: { units: "imperial", goals: ["strength"] } });
    const res = await t.call("PUT", "/v2/user/attributes/preferences", { token, body: { units: null, level: 2 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ goals: ["strength"], level: 2 });
    expectError(await t.call("PUT", "/v2/user/attributes/preferences", { token, body: [1, 2] }), 400);
    expectError(
      await t.call("PUT", "/v2/user/attributes/preferences", { token, body: { big: "x".repeat(20_000) } }),
      400,
    );
  });

  it("stores the app's language as a supported locale, refuses any other and forgets it on null", async () => {
    const { token } = await t.signUp();
    const put = (body: unknown) => t.call("PUT", "/v2/user/attributes/preferences", { token, body });
    const res = await put({ language: "fr-CA", units: "metric" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ language: "fr-CA", units: "metric" });
    expect((await t.call("GET", "/v2/user/attributes/preferences", { token })).json()).toMatchObject({
      language: "fr-CA",
    });
    for (const language of ["fr", "de-DE", "FR-CA", "", 3, ["es-US"], { tag: "es-US" }]) {
      const refused = await put({ language });
      expectError(refused, 400);
      expect(refused.body).toContain("language");
    }
    expect((await t.call("GET", "/v2/user/attributes/preferences", { token })).json().language).toBe("fr-CA");
    expect((await put({ language: "es-US" })).json().language).toBe("es-US");
    expect((await put({ language: null })).json()).toEqual({ units: "metric" });
  });

  it("answers the email record with opt_out from the sign-up choice and changes it", async () => {
    const { token, email } = await t.signUp();
    expect((await t.call("GET", "/v2/user/attributes/email", { token })).json()).toEqual({ email, opt_out: true });
    expect((await t.call("PUT", "/v2/user/attributes/email", { token, body: { opt_out: false } })).json()).toEqual({
      email,
      opt_out: false,
    });
    expect((await t.call("PUT", "/v2/user/attributes/email", { token, body: { opt_out: false } })).json()).toEqual({
      email,
      opt_out: false,
    });
    expectError(await t.call("PUT", "/v2/user/attributes/email", { token, body: { email: "x@y.z" } }), 400);
  });

  it("never shows one member's settings to another", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await t.call("PUT", "/v2/user/attributes/preferences", { token: a.token, body: { secret: "a" } });
    await t.call("PUT", "/v2/user/attributes/user", { token: a.token, body: { closed_captions: false } });
    expect((await t.call("GET", "/v2/user/attributes/preferences", { token: b.token })).json()).toEqual({});
    expect((await t.call("GET", "/v2/user/attributes/user", { token: b.token })).json()).toMatchObject({
      closed_captions: true,
    });
    expect((await t.call("GET", "/v2/user/attributes/email", { token: b.token })).json()).toMatchObject({
      email: b.email,
    });
  });

  it("refuses text the database cannot store (NUL, unpaired surrogates) with 400", async () => {
    const { token } = await t.signUp();
    for (const payload of ['{"note":"a\\u0000b"}', '{"note":"\\ud800"}', '{"\\udc00":1}']) {
      expectError(await t.call("PUT", "/v2/user/attributes/preferences", { token, body: payload }), 400);
    }
    expectError(await favorites(token, { add: { workouts: ["a\u0000b"] } }), 400);
    expect((await t.call("GET", "/v2/user/attributes/preferences", { token })).json()).toEqual({});
  });

  it("answers 404 in the contract's shape for an attribute that does not exist", async () => {
    const { token } = await t.signUp();
    expectError(await t.call("GET", "/v2/user/attributes/secrets", { token }), 404);
  });
});
