import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { FillChart } from "../../host/app/pages/studio/numbers.js";
import { en } from "../../src/i18n/index.js";
import { ApiError } from "../../src/api/index.js";
import { failureMessage } from "../../host/app/pages/studio/studio-frame.js";
import { setCatalogue } from "../../src/i18n/translate.js";
import { loadCatalogue } from "../../src/i18n/app/catalogues.js";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLElement | undefined;
let root: Root | undefined;
afterEach(async () => {
  if (root) await act(async () => root!.unmount());
  host?.remove();
});

const week = (week_start: string, fill_rate: number | null) => ({
  week_start,
  classes_run: fill_rate === null ? 0 : 4,
  capacity: fill_rate === null ? 0 : 40,
  booked: fill_rate === null ? 0 : Math.round(fill_rate * 40),
  fill_rate,
  waitlist_conversions: 0,
  late_cancels: 0,
  no_shows: 0,
});

describe("the studio's fill-rate chart", () => {
  it("is an image named by a sentence per week, with bars in proportion and no bar for a week without classes", async () => {
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    await act(async () =>
      root!.render(<FillChart weeks={[week("2027-02-15", 0.5), week("2027-02-22", 1), week("2027-03-01", null)]} />),
    );
    const svg = host.querySelector("svg")!;
    expect(svg.getAttribute("role")).toBe("img");
    const description = document.getElementById(svg.getAttribute("aria-labelledby")!)!;
    expect(description.textContent).toBe(
      "Week of Feb 15: 50% full. Week of Feb 22: 100% full. Week of Mar 1: no classes ran.",
    );
    const heights = [...svg.querySelectorAll("rect")].map((r) => Number(r.getAttribute("height")));
    expect(heights[1]).toBe(heights[0]! * 2);
    expect(heights[2]).toBe(0);
    expect(host.querySelector("figcaption")!.textContent).toBe("Fill rate per week");
  });
});

describe("the studio's fill-rate chart in another language", () => {
  afterEach(() => setCatalogue("en-US", en));
  it("writes its sentences, dates and percentages the French-Canadian way", async () => {
    setCatalogue("fr-CA", await loadCatalogue("fr-CA"));
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    await act(async () => root!.render(<FillChart weeks={[week("2027-02-15", 0.5), week("2027-03-01", null)]} />));
    const svg = host.querySelector("svg")!;
    const description = document.getElementById(svg.getAttribute("aria-labelledby")!)!;
    expect(description.textContent).toMatch(
      /^Semaine du 15 févr\. : 50\s% de remplissage\. Semaine du 1 mars : aucun cours donné\.$/,
    );
    expect([...svg.querySelectorAll("text")].map((n) => n.textContent)).toContain("1 mars");
    expect(host.querySelector("figcaption")!.textContent).toBe("Taux de remplissage par semaine");
  });
});

describe("the staff API's refusals on the studio pages", () => {
  afterEach(() => setCatalogue("en-US", en));
  const refusal = (message: string, code: string, values?: Record<string, string | number>) =>
    new ApiError("POST", "/studio-admin/v1/x", 400, { statusCode: 400, message, error: "Bad Request", code, values });
  it("shows known refusals in the chosen language by their code, values included, and an unknown one as the server wrote it", async () => {
    const started = refusal("This class has already started.", "class_started");
    expect(failureMessage(started)).toBe("This class has already started.");
    setCatalogue("es-US", await loadCatalogue("es-US"));
    expect(failureMessage(started)).toBe("Esta clase ya empezó.");
    const named = refusal(
      "This class overlaps Yoga at 18:00 (50 min, Mon) in Main studio: choose another time or room.",
      "class_overlaps",
      { classType: "Yoga", time: "18:00", minutes: 50, room: "Main studio" },
    );
    expect(failureMessage(named)).toMatch(/^Esta clase se superpone con Yoga a la/);
    const unknown = "The room is being repainted this week.";
    expect(failureMessage(refusal(unknown, "validation"))).toBe(unknown);
    expect(failureMessage(new ApiError("GET", "/studio-admin/v1/me", 500))).toBe("Algo salió mal. Inténtalo de nuevo.");
  });
});
