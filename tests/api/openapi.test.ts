import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationIdFor } from "../../host/server/openapi-operations.js";
import { startTestApp, type TestApp } from "./harness.js";

/**
 * The OpenAPI document as client generators and linters read it (issue 34): every operation is named, says who may
 * call it, and documents its client errors; and what it says about credentials is what the server does.
 */

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
  parameters?: { in: string }[];
  requestBody?: unknown;
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

/** `METHOD /path` → operationId of the routes that existed when the ids were introduced: clients depend on them. */
const pinnedIds = JSON.parse(readFileSync(new URL("./openapi-operation-ids.json", import.meta.url), "utf8")) as Record<
  string,
  string
>;

/** Holds the connection open for server-sent events; covered by live-spots-stream.test.ts. */
const STREAMS = new Set(["GET /studios/live-classes/stream"]);

let t: TestApp;
let operations: { key: string; method: string; path: string; op: Operation }[];
let document: Document;

beforeAll(async () => {
  t = await startTestApp();
  document = (await t.call("GET", "/docs/openapi.json")).json<Document>();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method, path, op })),
  );
});
afterAll(() => t.close());

describe("OpenAPI operations", () => {
  it("names the server from FITKIT_PUBLIC_URL", () => {
    expect(document.servers?.map((s) => s.url)).toEqual([t.config.publicUrl]);
    expect(t.config.publicUrl).toBe("http://app.fitkit.test");
  });

  it("gives every operation a unique operationId, unchanged for the routes that had one", () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === "string" && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const current = Object.fromEntries(operations.map(({ key, op }) => [key, op.operationId]));
    for (const [key, id] of Object.entries(pinnedIds)) expect({ key, id: current[key] }).toEqual({ key, id });
  });

  it("names the generated client's operations (src/api/contract.gen.ts) after the operationIds", () => {
    const generated = readFileSync(new URL("../../src/api/contract.gen.ts", import.meta.url), "utf8");
    const operationsInterface = generated.slice(generated.indexOf("export interface operations {"));
    for (const { op } of operations) expect(operationsInterface).toContain(`\n  ${op.operationId}: {\n`);
  });

  it("derives readable ids from the method and path", () => {
    expect(operationIdFor("GET", "/tsapi/workouts/:slug")).toBe("getWorkoutsBySlug");
    expect(operationIdFor("POST", "/api/auth/sign-up/email")).toBe("postAuthSignUpEmail");
    expect(operationIdFor("POST", "/studios/reservation/:id/checkin/")).toBe("postStudiosReservationByIdCheckin");
    expect(operationIdFor("GET", "/studios/reservation/:id/calendar.ics")).toBe("getStudiosReservationByIdCalendarIcs");
  });

  it("declares every operation's security: none, a bearer token, or an optional one", () => {
    for (const { key, op } of operations) {
      expect({ key, security: op.security }).toEqual({ key, security: expect.any(Array) });
      for (const requirement of op.security!) expect([{}, { bearer: [] }]).toContainEqual(requirement);
    }
    const bySecurity = (key: string) => operations.find((o) => o.key === key)!.op.security;
    expect(bySecurity("GET /tsapi/workouts/{slug}")).toEqual([]);
    expect(bySecurity("GET /v2/user/attributes/favorites")).toEqual([{ bearer: [] }]);
    expect(bySecurity("POST /tsapi/workouts/search")).toEqual([{}, { bearer: [] }]);
  });

  it("documents the shared error answer for the client errors each operation can meet", () => {
    for (const { key, op } of operations) {
      const takesInput = Boolean(op.requestBody || op.parameters?.length);
      const readsToken = op.security!.some((requirement) => "bearer" in requirement);
      const expected = [
        ...(takesInput ? ["400"] : []),
        ...(readsToken ? ["401"] : []),
        ...(op.parameters?.some((p) => p.in === "path") ? ["404"] : []),
      ];
      const documented = Object.keys(op.responses);
      expect({ key, missing: expected.filter((status) => !documented.includes(status)) }).toEqual({ key, missing: [] });
      expect({ key, success: documented.some((status) => /^2/.test(status)) }).toEqual({ key, success: true });
      for (const status of expected) {
        const schema = (op.responses[status] as { content: Record<string, { schema: { $ref?: string } }> }).content[
          "application/json"
        ]!.schema;
        expect({ key, status, schema }).toEqual({ key, status, schema: { $ref: "#/components/schemas/ErrorBody" } });
      }
    }
    // Named once: the error body, with its code.
    const errorBody = (document as unknown as { components: { schemas: Record<string, { required: string[] }> } })
      .components.schemas.ErrorBody!;
    expect(errorBody.required).toEqual(["statusCode", "message", "error", "code"]);
  });

  it("tells the truth about credentials: a token-only operation answers 401 without one, no other does", async () => {
    for (const { key, method, path, op } of operations) {
      if (STREAMS.has(key)) continue;
      const url = path.replace(/\{[^}]+\}/g, "x");
      const answer = await t.call(method.toUpperCase(), url);
      const tokenOnly = op.security!.length > 0 && op.security!.every((requirement) => "bearer" in requirement);
      expect({ key, unauthorized: answer.statusCode === 401 }).toEqual({ key, unauthorized: tokenOnly });
      if (tokenOnly) expect(answer.json()).toMatchObject({ statusCode: 401, error: "Unauthorized" });
    }
  });

  it("refuses a bad token on the operations that read one optionally", async () => {
    for (const key of ["POST /tsapi/workouts/search", "GET /studios/class"]) {
      const [method, path] = key.split(" ") as [string, string];
      const answer = await t.call(method, path, { token: "not-a-token", body: method === "POST" ? {} : undefined });
      expect({ key, status: answer.statusCode }).toEqual({ key, status: 401 });
    }
  });
});
