import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startTestApp, type TestApp } from "./harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date("2026-11-22T12:00:00Z"));
});
afterAll(() => t.close());

const PROFILE = "/user/v1/attribute/profile";
const put = (token: string, body: unknown) => t.call("PUT", PROFILE, { token, body });
const claims = async (token: string) =>
  (await t.call("GET", "/user/v1/attribute/claims", { token })).json<{ given_name: string; family_name: string }>();

describe("member profile", () => {
  it("answers the sign-up names and email with no birthday or phone yet", async () => {
    const { token, email } = await t.signUp({ given_name: "Ada", family_name: "Lovelace" });
    const res = await t.call("GET", PROFILE, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ given_name: "Ada", family_name: "Lovelace", email, birthday: null, phone: null });
  });

  it("renames the member: the claims show the new names at once", async () => {
    const { token, email } = await t.signUp({ given_name: "Ada", family_name: "Lovelace" });
    const res = await put(token, { given_name: "  Augusta ", family_name: "King" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ given_name: "Augusta", family_name: "King", email, birthday: null, phone: null });
    expect(await claims(token)).toMatchObject({ given_name: "Augusta", family_name: "King" });
  });

  it("saves birthday and phone (normalised to 10 digits), changes only the fields given and clears with null", async () => {
    const { token } = await t.signUp({ given_name: "Ada", family_name: "Lovelace" });
    let res = await put(token, { birthday: "1990-04-12", phone: { country: "CA", number: "+1 (416) 555-0100" } });
    expect(res.json()).toMatchObject({
      given_name: "Ada",
      birthday: "1990-04-12",
      phone: { country: "CA", number: "4165550100" },
    });
    res = await put(token, { family_name: "Byron" });
    expect(res.json()).toMatchObject({
      family_name: "Byron",
      birthday: "1990-04-12",
      phone: { country: "CA", number: "4165550100" },
    });
    expect((await t.call("GET", PROFILE, { token })).json()).toMatchObject({
      birthday: "1990-04-12",
      phone: { country: "CA" },
    });
    res = await put(token, { birthday: null, phone: null });
    expect(res.json()).toMatchObject({ given_name: "Ada", family_name: "Byron", birthday: null, phone: null });
  });

  it("is idempotent: the same change again, or an empty body, answers the same profile", async () => {
    const { token } = await t.signUp();
    const body = {
      given_name: "Grace",
      family_name: "Hopper",
      birthday: "1906-12-09",
      phone: { country: "US", number: "312 555 0100" },
    };
    const first = (await put(token, body)).json();
    const again = await put(token, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect((await put(token, {})).json()).toEqual(first);
  });

  it("accepts today's date as a birthday but not tomorrow's", async () => {
    const { token } = await t.signUp();
    expect((await put(token, { birthday: "2026-11-22" })).statusCode).toBe(200);
    expect(expectError(await put(token, { birthday: "2026-11-23" }), 400).text).toContain(
      "birthday must not be in the future",
    );
  });

  it.each([
    [{ given_name: "   " }, "given_name must not be blank"],
    [{ family_name: "" }, "family_name must not be blank"],
    [{ given_name: "x".repeat(101) }, "given_name must be at most 100 characters"],
    [{ given_name: 5 }, "given_name must be a string"],
    [{ birthday: "04/12/1990" }, "birthday must be a real date written YYYY-MM-DD"],
    [{ birthday: "1990-02-30" }, "birthday must be a real date written YYYY-MM-DD"],
    [{ birthday: "1899-12-31" }, "birthday must not be before 1900-01-01"],
    [{ phone: { country: "US", number: "555 0100" } }, "phone.number must be a 10-digit US or Canada phone number"],
    [{ phone: { country: "US", number: "312-555-010x" } }, "phone.number must be a 10-digit US or Canada phone number"],
    [{ phone: { country: "GB", number: "2079460000" } }, "phone"],
    [{ phone: "3125550100" }, "phone"],
    [{ email: "other@example.com" }, "property email should not exist"],
    [{ phone: { country: "US", number: "3125550100", ext: "1" } }, "property phone.ext should not exist"],
  ])("rejects %j with 400 naming the field, and changes nothing", async (body, message) => {
    const { token } = await t.signUp({ given_name: "Ada", family_name: "Lovelace" });
    const before = (await t.call("GET", PROFILE, { token })).json();
    expect(expectError(await put(token, { given_name: "Changed", ...body }), 400).text).toContain(message);
    expect((await t.call("GET", PROFILE, { token })).json()).toEqual(before);
  });

  it("belongs to its member only: each sees and changes only their own", async () => {
    const ada = await t.signUp({ given_name: "Ada", family_name: "Lovelace" });
    const grace = await t.signUp({ given_name: "Grace", family_name: "Hopper" });
    await put(ada.token, { given_name: "Augusta", phone: { country: "US", number: "3125550100" } });
    expect((await t.call("GET", PROFILE, { token: grace.token })).json()).toEqual({
      given_name: "Grace",
      family_name: "Hopper",
      email: grace.email,
      birthday: null,
      phone: null,
    });
    expect(await claims(grace.token)).toMatchObject({ given_name: "Grace" });
    expect(await claims(ada.token)).toMatchObject({ given_name: "Augusta" });
  });

  it("needs a signed-in member", async () => {
    expectError(await t.call("GET", PROFILE), 401);
    expectError(await t.call("PUT", PROFILE, { body: { given_name: "X" } }), 401);
  });
});
