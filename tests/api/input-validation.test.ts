import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../host/server/clock.js";
import { databaseKind, expectError, startTestApp, type TestApp } from "./harness.js";
import { API, firstTrainer, oneOff, STAFF, T0 } from "./studio-admin-fixtures.js";
import { createClass, DAY, signUpMember } from "./studios-fixtures.js";

/** Issue 33, defect 12: the checks every route shares (host/server/validation.ts, host/server/request-bodies.ts). */
let t: TestApp;
let staff: string;
let trainer: string;
beforeAll(async () => {
  t = await startTestApp({ clock: new TestClock(T0) });
  staff = (await t.signIn(STAFF)).token;
  trainer = (await firstTrainer(t)).id;
});
afterAll(() => t.close());

const createOneOff = (overrides: Record<string, unknown>) =>
  t.call("POST", `${API}/locations/chicago/classes`, { token: staff, body: oneOff(trainer, overrides) });

describe(`names people read (${databaseKind})`, () => {
  it.each([
    ["blank", "   "],
    ["only zero-width spaces", "\u200B\u200B"],
    ["a zero-width space inside", "Barre\u200BBurn"],
    ["a control character", "Barre\u0007Burn"],
    ["a line break", "Barre\nBurn"],
    ["a right-to-left override", "Barre \u202EnruB"],
    ["a byte-order mark", "\uFEFFBarre"],
  ])("refuses a class name that is %s, naming the field", async (_, name) => {
    const refused = expectError(await createOneOff({ class_type: name }), 400);
    expect(refused.text).toContain("class_type must be visible text, without control or invisible characters");
  });

  it("refuses the same in a room and a piece of equipment, and control characters in a description", async () => {
    expect(expectError(await createOneOff({ room: "\u200B" }), 400).text).toContain("room must be visible text");
    expect(expectError(await createOneOff({ equipment: ["Mat", " \u00AD "] }), 400).text).toContain(
      "equipment.1 must be visible text",
    );
    expect(expectError(await createOneOff({ description: "Bring water\u0000" }), 400).text).toContain(
      "description must not hold control or invisible characters",
    );
  });

  it("takes names in any script, with accents, emoji joined by a joiner, and descriptions over several lines", async () => {
    const res = await createOneOff({
      class_type: "Barre Ñandú 💪🏽 👩‍👩‍👧 کلاس‌ها",
      room: "Salle B",
      description: "Line one\nLine two\twith a tab",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().class_type).toBe("Barre Ñandú 💪🏽 👩‍👩‍👧 کلاس‌ها");
  });
});

describe(`dates (${databaseKind})`, () => {
  it("refuses a week that does not exist, and takes a leap day", async () => {
    for (const week of ["2026-02-30", "2027-02-29", "2027-04-31", "2027-13-01"]) {
      const refused = expectError(
        await t.call("GET", `${API}/locations/chicago/classes?week=${week}`, { token: staff }),
        400,
      );
      expect(refused.text).toBe("week must be a date that exists (YYYY-MM-DD)");
    }
    const leap = await t.call("GET", `${API}/locations/chicago/classes?week=2028-02-29`, { token: staff });
    expect(leap.statusCode, leap.body).toBe(200);
    expect(expectError(await createOneOff({ date: "2027-02-30" }), 400).text).toBe(
      "date must be a date that exists (YYYY-MM-DD)",
    );
  });
});

describe(`a JSON null body (${databaseKind})`, () => {
  it("is refused on routes that take no body, which still take none or an empty object", async () => {
    const member = await signUpMember(t);
    const book = async () => {
      const cls = await createClass(t, { startsIn: DAY });
      const res = await t.call("POST", "/studios/reservation/", { token: member.token, body: { class_id: cls.id } });
      return res.json().id as string;
    };
    const nulled = await t.call("POST", `/studios/reservation/${await book()}/cancel`, {
      token: member.token,
      body: "null",
    });
    expect(expectError(nulled, 400).text).toBe("body must be an object, or left out");
    const emptyObject = await t.call("POST", `/studios/reservation/${await book()}/cancel`, {
      token: member.token,
      body: {},
    });
    expect(emptyObject.statusCode, emptyObject.body).toBe(200);
    const none = await t.call("POST", `/studios/reservation/${await book()}/cancel`, { token: member.token });
    expect(none.statusCode, none.body).toBe(200);
  });

  it("is refused where a body is expected, in the error shape", async () => {
    const member = await signUpMember(t);
    const res = await t.call("POST", "/studios/reservation/", { token: member.token, body: "null" });
    expect(expectError(res, 400).text).toBe("body must be an object, or left out");
  });
});
