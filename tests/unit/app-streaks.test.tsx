import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import type { Streaks } from "../../src/api/types.js";
import { StreakSummary } from "../../host/app/ui/streaks.js";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const base: Streaks = {
  time_zone: "America/Chicago",
  today: "2026-11-25",
  today_status: "open",
  daily: { current: 10, longest: 12, current_since: "2026-11-15" },
  weekly: { current: 5, longest: 6 },
  milestones: { reached: [{ days: 7, reached_on: "2026-11-21" }], next: { days: 30, remaining: 20 } },
};

let host: HTMLElement | undefined;
let root: Root | undefined;
afterEach(async () => {
  if (root) await act(async () => root!.unmount());
  host?.remove();
});

async function render(streaks: Streaks, compact = false) {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<StreakSummary streaks={streaks} compact={compact} />));
  return host;
}

const figure = (el: HTMLElement, label: string) =>
  [...el.querySelectorAll("dl div")].find((d) => d.querySelector("dt")?.textContent === label)?.querySelector("dd")
    ?.textContent;

describe("the streaks panel", () => {
  it("shows the current and longest streaks, a named badge per milestone and the next one with the days to go", async () => {
    const el = await render(base);
    expect(figure(el, "Daily streak")).toBe("10 days");
    expect(figure(el, "Weekly streak")).toBe("5 weeks");
    expect(figure(el, "Longest daily streak")).toBe("12 days");
    expect(figure(el, "Longest weekly streak")).toBe("6 weeks");
    const badges = el.querySelector('ul[aria-label="Milestones"]')!;
    const [reached, next] = [...badges.querySelectorAll("li")];
    // Told in words, not by colour: the visible label and the sentence a screen reader reads.
    expect(reached!.textContent).toContain("7-day streak");
    expect(reached!.querySelector(".visually-hidden")!.textContent).toBe(
      "7-day streak milestone, reached Nov 21, 2026",
    );
    expect(next!.querySelector(".visually-hidden")!.textContent).toBe("Next milestone: 30-day streak, 20 days to go");
    expect(el.textContent).toContain(
      "Work out today to keep your streak going. 20 days to go to your 30-day milestone.",
    );
    expect(el.textContent).toContain("Days and weeks count in your time zone (America/Chicago)");
  });

  it("says one day and one week in the singular, and what a done or rest day means", async () => {
    const one = {
      ...base,
      today_status: "done" as const,
      daily: { current: 1, longest: 1, current_since: "2026-11-25" },
      weekly: { current: 1, longest: 1 },
      milestones: { reached: [], next: { days: 7, remaining: 6 } },
    };
    const el = await render(one);
    expect(figure(el, "Daily streak")).toBe("1 day");
    expect(figure(el, "Weekly streak")).toBe("1 week");
    expect(el.textContent).toContain("Today counts: you worked out. 6 days to go to your 7-day milestone.");
    expect(el.textContent).toContain("No milestones yet: the first comes at a 7-day streak.");
    await act(async () => root!.render(<StreakSummary streaks={{ ...one, today_status: "rest" }} />));
    expect(el.textContent).toContain("Today is a rest day in your calendar: your streak stays alive.");
  });

  it("invites a member without a streak to start one", async () => {
    const el = await render({
      ...base,
      daily: { current: 0, longest: 0, current_since: null },
      weekly: { current: 0, longest: 0 },
      milestones: { reached: [], next: { days: 7, remaining: 7 } },
    });
    expect(figure(el, "Daily streak")).toBe("0 days");
    expect(el.textContent).toContain("Complete a workout or a live class to start a streak.");
  });

  it("on the home strip: no longest weekly figure, the last three badges, and a link to the stats page", async () => {
    const el = await render(
      {
        ...base,
        daily: { current: 400, longest: 400, current_since: "2025-10-22" },
        milestones: {
          reached: [7, 30, 100, 365].map((days) => ({ days, reached_on: "2026-01-01" })),
          next: { days: 730, remaining: 330 },
        },
      },
      true,
    );
    expect(figure(el, "Longest weekly streak")).toBeUndefined();
    const labels = [...el.querySelectorAll('ul[aria-label="Milestones"] li')].map(
      (li) => li.querySelector(".visually-hidden")!.textContent,
    );
    expect(labels).toEqual([
      "30-day streak milestone, reached Jan 1, 2026",
      "100-day streak milestone, reached Jan 1, 2026",
      "365-day streak milestone, reached Jan 1, 2026",
      "Next milestone: 730-day streak, 330 days to go",
    ]);
    expect(el.querySelector("a")!.getAttribute("href")).toBe("/workout-history/detail");
    expect(el.querySelector("a")!.textContent).toBe("Streaks and milestones →");
  });
});
