import { STATUS_CODES } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";

let t: TestApp;
let member: string;
beforeAll(async () => {
  t = await startTestApp();
  member = (await t.signIn()).token;
});
afterAll(() => t.close());

type Probe = { method: string; url: string; payload?: string; headers?: Record<string, string>; signedIn?: boolean };

const json = { "content-type": "application/json" };
const deepArrays = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
const deepProperties = (levels: number) => '{"a":'.repeat(levels) + "1" + "}".repeat(levels);
const analyticsEvent = (properties: string) =>
  `{"events":[{"type":"track","name":"probe","anonymous_id":"anon-1","category":"Performance","properties":${properties},"occurred_at":"2024-01-01T00:00:00.000Z"}]}`;

const send = (probe: Probe) =>
  t.app.inject({
    method: probe.method as "GET",
    url: probe.url,
    payload: probe.payload,
    headers: { ...probe.headers, ...(probe.signedIn ? { authorization: `Bearer ${member}` } : {}) },
  });

/** Exactly the contract's error body, whoever produced it (a handler, the router or the body parser). */
function expectContractError(res: Awaited<ReturnType<typeof send>>, status: number) {
  const body = expectError(res, status);
  // `values` only where the message names some (a validation answer's fields).
  expect(
    Object.keys(res.json())
      .filter((key) => key !== "values")
      .sort(),
  ).toEqual(["code", "error", "message", "statusCode"]);
  expect(body.error).toBe(STATUS_CODES[status]);
  expect(body.text.length).toBeGreaterThan(0);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  return body;
}

describe("framework errors answer the contract's error shape", () => {
  const cases: [string, Probe, number][] = [
    ["an unknown API route", { method: "GET", url: "/tsapi/no-such-thing" }, 404],
    ["a known path with another method", { method: "DELETE", url: "/api/auth/sign-in/email" }, 404],
    [
      "a bad percent-escape in a path parameter",
      { method: "GET", url: "/tsapi/content/workout/%zz/previewVideo" },
      400,
    ],
    ["a truncated UTF-8 percent-escape", { method: "GET", url: "/tsapi/content/workout/%E0%A4%A/previewVideo" }, 400],
    [
      "a path parameter over 100 characters",
      { method: "GET", url: `/tsapi/content/workout/${"a".repeat(101)}/previewVideo` },
      414,
    ],
    [
      "a path parameter over 100 characters beside a static route",
      { method: "POST", url: `/v2/subscriptions/subs/${"a".repeat(101)}/reactivate`, signedIn: true },
      414,
    ],
    ["malformed JSON", { method: "POST", url: "/api/auth/sign-in/email", payload: '{"email": ', headers: json }, 400],
    [
      "an empty JSON body",
      { method: "POST", url: "/api/auth/sign-in/email", payload: "", headers: { ...json, "content-length": "0" } },
      400,
    ],
    [
      "a prototype-poisoning JSON body",
      {
        method: "POST",
        url: "/api/auth/check-email",
        payload: '{"email":"a@example.com","__proto__":{"x":1}}',
        headers: json,
      },
      400,
    ],
    [
      "an unsupported media type",
      {
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: "<email/>",
        headers: { "content-type": "application/xml" },
      },
      415,
    ],
    [
      "JSON declared in latin1",
      {
        method: "POST",
        url: "/api/auth/check-email",
        payload: '{"email":"a@example.com"}',
        headers: { "content-type": "application/json; charset=latin1" },
      },
      415,
    ],
    [
      "text declared in ISO-8859-1",
      {
        method: "POST",
        url: "/api/auth/check-email",
        payload: "a@example.com",
        headers: { "content-type": "text/plain; charset=ISO-8859-1" },
      },
      415,
    ],
    [
      "a body over the size limit",
      {
        method: "POST",
        url: "/api/auth/check-email",
        payload: JSON.stringify({ email: "x".repeat(2_000_000) }),
        headers: json,
      },
      413,
    ],
    [
      "50,000 nested arrays on a member route",
      {
        method: "PUT",
        url: "/v2/user/attributes/collections_hidden",
        payload: `{"add":${deepArrays(50_000)}}`,
        headers: json,
        signedIn: true,
      },
      400,
    ],
    [
      "5,000 levels of analytics properties",
      { method: "POST", url: "/v2/analytics/events", payload: analyticsEvent(deepProperties(5_000)), headers: json },
      400,
    ],
    [
      "a property on an action that takes none",
      { method: "POST", url: "/commerce/v1/payment/setup", payload: '{"test":1}', headers: json, signedIn: true },
      400,
    ],
  ];

  it.each(cases)("%s", async (_what, probe, status) => {
    expectContractError(await send(probe), status);
  });

  it("says what was wrong", async () => {
    expect(
      expectContractError(await send(cases.find(([what]) => what.startsWith("JSON declared"))![1]), 415).text,
    ).toContain("UTF-8");
    for (const deep of ["50,000", "5,000"])
      expect(expectContractError(await send(cases.find(([what]) => what.startsWith(deep))![1]), 400).text).toContain(
        "32 levels",
      );
    expect(
      expectContractError(await send(cases.find(([what]) => what.startsWith("a property on"))![1]), 400).text,
    ).toBe("property test should not exist");
  });
});

describe("bodies a client may send", () => {
  it("reads JSON declared as UTF-8, in any spelling", async () => {
    for (const type of [
      "application/json; charset=utf-8",
      "application/json;charset=UTF-8",
      'application/json; charset="utf8"',
    ]) {
      const res = await send({
        method: "POST",
        url: "/api/auth/check-email",
        payload: '{"email":"member@demo.fitkit.dev"}',
        headers: { "content-type": type },
      });
      expect(res.json(), type).toEqual({ exists: true });
    }
  });

  it("stores analytics properties nested up to the cap, and text whose brackets are inside strings", async () => {
    // The batch wraps properties in three levels ({events: [{properties}]}): 29 more make the cap's 32.
    const nested = deepProperties(29);
    expectContractError(
      await send({
        method: "POST",
        url: "/v2/analytics/events",
        payload: analyticsEvent(deepProperties(30)),
        headers: json,
      }),
      400,
    );
    const brackets = JSON.stringify({ label: "[[[[{{{{".repeat(20), quote: 'a \\" [' });
    for (const properties of [nested, brackets]) {
      const res = await send({
        method: "POST",
        url: "/v2/analytics/events",
        payload: analyticsEvent(properties),
        headers: json,
      });
      expect(res.json(), res.body).toEqual({ accepted: 1 });
    }
  });

  it("starts a card setup with no body or an empty object", async () => {
    for (const payload of [undefined, "{}"]) {
      const res = await send({
        method: "POST",
        url: "/commerce/v1/payment/setup",
        payload,
        headers: payload ? json : {},
        signedIn: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().client_secret).toEqual(expect.any(String));
    }
  });
});
