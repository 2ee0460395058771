import { describe, expect, it } from "vitest";
import { addMonths, pauseRefusal, pauseWindow, type PausablePlan } from "../../src/domain/membership-pause.js";

const NOW = Date.parse("2031-01-10T12:00:00.000Z");
const END = "2031-01-31T12:00:00.000Z";
const running: PausablePlan = { provider: "stripe", state: "active", expiration_date: END, pause: null };

describe("a membership's pause (src/domain/membership-pause.ts)", () => {
  it("starts at the period end and lasts calendar months, keeping the day where the month has it", () => {
    expect(pauseWindow(END, 1)).toEqual({ starts_at: new Date(END), resumes_at: new Date("2031-02-28T12:00:00.000Z") });
    expect(pauseWindow(END, 2).resumes_at.toISOString()).toBe("2031-03-31T12:00:00.000Z");
    expect(pauseWindow(END, 3).resumes_at.toISOString()).toBe("2031-04-30T12:00:00.000Z");
    expect(addMonths("2031-11-30T00:00:00.000Z", 3).toISOString()).toBe("2032-02-29T00:00:00.000Z");
  });

  it("lets a running membership billed here pause once, and says why anything else cannot", () => {
    expect(pauseRefusal(running, NOW)).toBeNull();
    expect(pauseRefusal({ ...running, provider: "recharge" }, NOW)).toBeNull();
    const refusals: [Partial<PausablePlan>, string][] = [
      [{ pause: { months: 1 } }, "A pause is already scheduled for this membership"],
      [{ state: "paused" }, "The membership is already paused"],
      [{ state: "trial" }, "A free trial cannot be paused"],
      [{ state: "canceled" }, "A cancelled membership cannot be paused: reactivate it first"],
      [{ state: "past_due" }, "A membership with an unpaid renewal cannot be paused: update your card first"],
      [{ state: "expired" }, "An ended membership cannot be paused"],
      [{ state: "vip" }, "VIP memberships are managed by member support"],
      [{ state: "prepaid" }, "A prepaid membership ends on its date and cannot be paused"],
      [{ provider: "apple" }, "This membership is managed in the App Store."],
      [{ provider: "google" }, "This membership is managed in Google Play."],
      [{ provider: "marianatek" }, "Unlimited studio memberships are managed in the studio app."],
      [{ expiration_date: "2031-01-01T00:00:00.000Z" }, "The membership has no running period to pause after"],
    ];
    for (const [change, message] of refusals) expect(pauseRefusal({ ...running, ...change }, NOW)).toBe(message);
  });
});
