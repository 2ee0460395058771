import { describe, expect, it } from "vitest";
import { ofetch, type FetchError } from "../../widgets/ui/fetch-transport.js";

/** A fetch that records the request and answers the given response (the network is not ours to test here). */
const answering = (response: Response) => {
  const seen: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => (seen.push(new Request(input, init)), response);
  return { fetch: fetch as typeof globalThis.fetch, seen };
};

describe("the widgets' fetch transport", () => {
  it("sends JSON bodies and parses JSON answers", async () => {
    const { fetch, seen } = answering(new Response(JSON.stringify({ ok: 1 }), { status: 200, headers: { "content-type": "application/json" } }));
    const call = ofetch.create({ retry: false }, { fetch });
    expect(await call("https://api.example/x", { method: "POST", body: { a: 1 }, headers: { authorization: "Bearer t" } })).toEqual({ ok: 1 });
    expect(seen[0]!.method).toBe("POST");
    expect(seen[0]!.headers.get("content-type")).toBe("application/json");
    expect(seen[0]!.headers.get("authorization")).toBe("Bearer t");
    expect(await seen[0]!.json()).toEqual({ a: 1 });
  });

  it("throws a FetchError-shaped error with the status and the contract's body", async () => {
    const body = { statusCode: 400, message: "Your reservation could not be completed. Please try again.", error: "Bad Request" };
    const { fetch } = answering(new Response(JSON.stringify(body), { status: 400 }));
    const error = (await ofetch.create({}, { fetch })("https://api.example/x").catch((e) => e)) as FetchError;
    expect(error.name).toBe("FetchError");
    expect(error.response?.status).toBe(400);
    expect(error.data).toEqual(body);
  });

  it("answers undefined for an empty body and text for a non-JSON one", async () => {
    expect(await ofetch.create({}, answering(new Response(null, { status: 204 })))("https://api.example/x")).toBeUndefined();
    expect(await ofetch.create({}, answering(new Response("BEGIN:VCALENDAR", { status: 200 })))("https://api.example/x")).toBe("BEGIN:VCALENDAR");
  });
});
