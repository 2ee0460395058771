/** @jsxImportSource preact */
import { afterEach, describe, expect, it } from "vitest";
import "../../widgets/workout-search/define.js";
import { createStoreWith, memoryStorage, type Store } from "../../src/store/index.js";

/** The store's clock: tokens expire an hour after it. */
const NOW = Date.UTC(2026, 0, 15, 12);
const API = "http://api.test";

const workout = (id: string, name: string, strain: string[]) => ({
  id,
  slug: id,
  name,
  description: "",
  category: ["cardio-burn"],
  type: "workout",
  level: "All Levels",
  pacing: "Fast Paced",
  trainers: [],
  equipment: ["No Equipment"],
  strain,
  focusMember: ["Full Body"],
  benefits: [],
  collections: [],
  live: false,
  start_date: "2026-01-10T14:00:00.000Z",
  created_at: "2026-01-10T14:00:00.000Z",
  duration: 20,
  video: { duration: 1210, poster_url: "" },
});
const CATALOGUE = [
  workout("jumps", "20 Min HIIT Sculpt", ["jumping", "knees"]),
  workout("calm", "20 Min Breath Meditation", []),
  workout("lunges", "20 Min Lower Body Burn", ["knees"]),
];

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

/** A signed-in member's API: the catalogue above searched with its avoid list, and their preferences. */
function memberApi(saved: Record<string, unknown>) {
  const calls: Call[] = [];
  let preferences = { ...saved };
  const json = (value: unknown, status = 200) =>
    new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === "GET" ? "" : await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    calls.push({ method: request.method, path: url.pathname, body });
    switch (`${request.method} ${url.pathname}`) {
      case "GET /tsapi/workout_categories":
        return json({ items: [{ slug: "all-classes", name: "All Classes", description: "", order: 0 }], total: 1 });
      case "GET /tsapi/v2/workout/filters":
        return json({ groups: [] });
      case "GET /v2/user/attributes/favorites":
        return json({ workouts: [] });
      case "GET /v2/user/attributes/collections_hidden":
        return json({ collections_hidden: [] });
      case "GET /v2/user/attributes/preferences":
        return json(preferences);
      case "PUT /v2/user/attributes/preferences":
        preferences = { ...preferences, ...body };
        return json(preferences);
      case "POST /tsapi/workouts/search": {
        const avoid = (body?.avoid ?? []) as string[];
        const hits = CATALOGUE.filter((w) => !w.strain.some((s) => avoid.includes(s)));
        return json({ hits, nbHits: hits.length, page: 0, nbPages: 1, hitsPerPage: 12, facets: {}, selected: [] });
      }
      default:
        return json({ statusCode: 404, error: "Not Found", message: "no such call" }, 404);
    }
  }) as typeof globalThis.fetch;
  const store = createStoreWith(
    { apiBase: API, fetch, storage: memoryStorage(), now: () => NOW, retryDelay: () => 0, events: new EventTarget() },
    [],
  );
  const exp = Math.floor(NOW / 1000) + 3600;
  const token = `e30.${btoa(JSON.stringify({ exp })).replace(/=+$/, "")}.sig`;
  store.auth.setTokens({ token, refreshToken: "refresh" });
  return { store, calls, searches: () => calls.filter((c) => c.path === "/tsapi/workouts/search") };
}

const settle = async () => {
  for (let i = 0; i < 8; i++) await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
};

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 100 && !check(); i++) await settle();
  expect(check(), what).toBe(true);
}

function mount(store: Store<unknown, unknown>, filters = "") {
  const el = document.createElement("fit-workout-search") as HTMLElement & { store?: unknown };
  el.store = store;
  el.setAttribute("api-base", API);
  if (filters) el.setAttribute("filters", filters);
  const events: string[] = [];
  el.addEventListener("fit-filters-change", (e) => events.push((e as CustomEvent<{ filters: string }>).detail.filters));
  document.body.append(el);
  const root = el.shadowRoot!;
  const buttons = () => [...root.querySelectorAll("button")];
  const button = (name: string) =>
    buttons().find((b) => (b.getAttribute("aria-label") ?? b.textContent).trim() === name);
  const cards = () => [...root.querySelectorAll("[part=card]")].map((c) => c.textContent);
  return { el, root, events, button, cards };
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("<fit-workout-search> avoid chips", () => {
  it("applies the member's saved avoid list before the first search, toggles chips and keeps each change", async () => {
    const api = memberApi({ avoid: ["knees"], units: "metric" });
    const { root, events, button, cards } = mount(api.store);
    await until(() => cards().length > 0, "results shown");
    // No search ever went out without the saved list: avoided classes never flash by.
    expect(api.searches().map((c) => c.body?.avoid)).toEqual(api.searches().map(() => ["knees"]));
    expect(cards().map((c) => c.includes("Breath Meditation"))).toEqual([true]);
    // The active-filter summary names it, with a remove button (the chips come with the filters part).
    await until(() => !!button("Remove filter No deep knee bends"), "the avoid chip in the summary");

    button("Filters (1)")!.click();
    await until(() => root.querySelectorAll("[part~=avoid]").length === 10, "the dialog's avoid chips");
    const chip = (label: string) =>
      [...root.querySelectorAll<HTMLButtonElement>("[part~=avoid]")].find((b) => b.textContent === label)!;
    expect(chip("No deep knee bends").getAttribute("aria-pressed")).toBe("true");
    const jumping = chip("No jumping");
    expect([jumping.type, jumping.disabled, jumping.getAttribute("aria-pressed")]).toEqual(["button", false, "false"]);
    expect(jumping.closest("fieldset")!.querySelector("legend")!.textContent).toBe("Avoid");

    jumping.click();
    await until(() => chip("No jumping").getAttribute("aria-pressed") === "true", "No jumping pressed");
    await until(() => api.calls.some((c) => c.method === "PUT"), "the preferences saved");
    expect(api.calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([{ avoid: ["jumping", "knees"] }]);
    expect(api.searches().at(-1)!.body?.avoid).toEqual(["jumping", "knees"]);
    expect(events.at(-1)).toBe(new URLSearchParams({ avoid: "jumping,knees" }).toString());
    expect(button("Remove filter No jumping")).toBeDefined();

    // Removing it from the summary turns the dialog's chip off again and saves the shorter list.
    button("Remove filter No jumping")!.click();
    await until(() => chip("No jumping").getAttribute("aria-pressed") === "false", "No jumping released");
    await until(() => api.calls.filter((c) => c.method === "PUT").length === 2, "the second save");
    expect(api.calls.filter((c) => c.method === "PUT").at(-1)!.body).toEqual({ avoid: ["knees"] });
    expect(button("Remove filter No jumping")).toBeUndefined();
    expect(events.at(-1)).toBe("avoid=knees");
  });

  it("lets the page's own avoid list win over the saved one, without overwriting it", async () => {
    const api = memberApi({ avoid: ["knees"] });
    const { button, cards } = mount(api.store, "avoid=jumping");
    await until(() => cards().length > 0, "results shown");
    expect(api.searches().map((c) => c.body?.avoid)).toEqual(api.searches().map(() => ["jumping"]));
    expect(cards().some((c) => c.includes("Lower Body Burn"))).toBe(true);
    expect(cards().some((c) => c.includes("HIIT Sculpt"))).toBe(false);
    await until(() => !!button("Remove filter No jumping"), "the page's avoid chip in the summary");
    expect(button("Remove filter No deep knee bends")).toBeUndefined();
    expect(api.calls.some((c) => c.method === "PUT")).toBe(false);
  });
});
