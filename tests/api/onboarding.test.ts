import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const submit = (token: string, body: unknown) => t.call("POST", "/v2/workouts/onboarding-results", { token, body });

describe("onboarding", () => {
  it("gives a new member what the redirect rule needs: no results and no on-demand workouts", async () => {
    const { token } = await t.signIn("new@demo.fitkit.dev");
    expect((await t.call("GET", "/v2/user/attributes/onboarding_results", { token })).json()).toEqual({
      results_url: "",
    });
    expect((await t.call("GET", "/stats/v2/workouts", { token })).json().data.stats.total_on_demand).toBe(0);
  });

  it("gives the demo member results and 20+ on-demand workouts (no redirect)", async () => {
    const { token } = await t.signIn();
    expect((await t.call("GET", "/v2/user/attributes/onboarding_results", { token })).json().results_url).toMatch(
      /^\/onboarding\?results=[0-9a-f-]{36}$/,
    );
    expect(
      (await t.call("GET", "/stats/v2/workouts", { token })).json().data.stats.total_on_demand,
    ).toBeGreaterThanOrEqual(20);
  });

  it("stores the quiz answers and answers a results page URL, which the attribute then carries", async () => {
    const { token } = await t.signUp();
    const answers = { goals: ["Build strength"], level: "Beginner", focus: ["Core"], length: 30, has_equipment: false };
    const res = await submit(token, answers);
    expect(res.statusCode).toBe(200);
    const { results_url } = res.json();
    expect(results_url).toMatch(/^\/onboarding\?results=[0-9a-f-]{36}$/);
    expect((await t.call("GET", "/v2/user/attributes/onboarding_results", { token })).json()).toEqual({ results_url });

    const id = new URL(results_url, "http://x").searchParams.get("results")!;
    const result = await t.call("GET", `/v2/workouts/onboarding-results/${id}`, { token });
    expect(result.statusCode).toBe(200);
    const body = result.json();
    expect(body).toMatchObject({ id, results_url, answers });
    expect(body.workouts.length).toBeGreaterThan(0);
    expect(
      body.workouts.every((w: { duration: number; type: string }) => w.duration <= 30 && w.type === "workout"),
    ).toBe(true);
    expect(body.series).toMatchObject({ id: expect.any(String), slug: expect.any(String) });
  });

  it("points at the latest results after taking the quiz again", async () => {
    const { token } = await t.signUp();
    await submit(token, { level: "Beginner" });
    const second = (await submit(token, { level: "Advanced" })).json().results_url;
    expect((await t.call("GET", "/v2/user/attributes/onboarding_results", { token })).json().results_url).toBe(second);
  });

  it("never shows one member's results to another", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const url = (await submit(a.token, { level: "Beginner" })).json().results_url;
    const id = new URL(url, "http://x").searchParams.get("results")!;
    expectError(await t.call("GET", `/v2/workouts/onboarding-results/${id}`, { token: b.token }), 404);
    expect((await t.call("GET", "/v2/user/attributes/onboarding_results", { token: b.token })).json()).toEqual({
      results_url: "",
    });
  });

  it.each([
    [{}, "body"],
    [{ level: { nested: true } }, "level"],
    [{ focus: [1, 2] }, "focus.0 must be a string"],
    [[1, 2], "body must be an object"],
  ])("rejects %j with 400", async (body, message) => {
    const { token } = await t.signUp();
    const err = expectError(await submit(token, body), 400);
    expect(err.text).toContain(message);
  });

  it("answers 400 for a malformed result id, 404 for an unknown one and 401 without a member", async () => {
    const { token } = await t.signUp();
    expectError(await t.call("GET", "/v2/workouts/onboarding-results/nope", { token }), 400);
    expectError(
      await t.call("GET", "/v2/workouts/onboarding-results/00000000-0000-4000-8000-000000000000", { token }),
      404,
    );
    expectError(await submit("", { level: "x" }), 401);
  });
});
