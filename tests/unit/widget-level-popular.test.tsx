/** @jsxImportSource preact */
import { afterEach, describe, expect, it } from "vitest";
import "../../widgets/workout-search/define.js";
import { createStoreWith, memoryStorage, type Store } from "../../src/store/index.js";

/** The library's Level filter and Most popular sort in <fit-workout-search> (issue 32 item 11), for a visitor. */

const API = "http://api.test";

const workout = (id: string, name: string, level: string) => ({
  id,
  slug: id,
  name,
  description: "",
  category: ["cardio-burn"],
  type: "workout",
  level,
  pacing: "Fast Paced",
  trainers: [],
  equipment: ["No Equipment"],
  strain: [],
  focusMember: ["Full Body"],
  benefits: [],
  collections: [],
  live: false,
  start_date: "2026-01-10T14:00:00.000Z",
  created_at: "2026-01-10T14:00:00.000Z",
  duration: 20,
  video: { duration: 1210, poster_url: "" },
});
const CATALOGUE = [workout("easy", "20 Min Easy Flow", "Beginner"), workout("hard", "20 Min Power HIIT", "Advanced")];

/** The server's filter groups for the level facet (as GET /tsapi/v2/workout/filters answers them). */
const LEVEL_GROUP = {
  key: "level",
  label: "Level",
  multiple: true,
  options: [
    { label: "Beginner", value: "Beginner", filter: 'level:"Beginner"', count: 1 },
    { label: "Advanced", value: "Advanced", filter: 'level:"Advanced"', count: 1 },
  ],
};

/** A visitor's API: the catalogue above, searched by level; every search body kept. */
function visitorApi() {
  const searches: Record<string, unknown>[] = [];
  const json = (value: unknown, status = 200) =>
    new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    switch (`${request.method} ${url.pathname}`) {
      case "GET /tsapi/workout_categories":
        return json({ items: [{ slug: "all-classes", name: "All Classes", description: "", order: 0 }], total: 1 });
      case "GET /tsapi/v2/workout/filters":
        return json({ groups: [LEVEL_GROUP] });
      case "POST /tsapi/workouts/search": {
        const body = JSON.parse(await request.text()) as { filters: string; sort: string };
        searches.push(body);
        const hits = CATALOGUE.filter((w) => !body.filters.includes("level:") || body.filters.includes(w.level));
        if (body.sort === "popular") hits.reverse();
        const facets = { level: { Beginner: 1, Advanced: 1 } };
        return json({ hits, nbHits: hits.length, page: 0, nbPages: 1, hitsPerPage: 50, facets, selected: [] });
      }
      default:
        return json({ statusCode: 404, error: "Not Found", message: "no such call" }, 404);
    }
  }) as typeof globalThis.fetch;
  const store = createStoreWith(
    { apiBase: API, fetch, storage: memoryStorage(), retryDelay: () => 0, events: new EventTarget() },
    [],
  );
  return { store, searches };
}

const settle = async () => {
  for (let i = 0; i < 8; i++) await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
};

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 100 && !check(); i++) await settle();
  expect(check(), what).toBe(true);
}

function mount(store: Store<unknown, unknown>) {
  const el = document.createElement("fit-workout-search") as HTMLElement & { store?: unknown };
  el.store = store;
  el.setAttribute("api-base", API);
  const events: string[] = [];
  el.addEventListener("fit-filters-change", (e) => events.push((e as CustomEvent<{ filters: string }>).detail.filters));
  document.body.append(el);
  const root = el.shadowRoot!;
  const button = (name: string) =>
    [...root.querySelectorAll("button")].find((b) => (b.getAttribute("aria-label") ?? b.textContent).trim() === name);
  const cards = () => [...root.querySelectorAll("[part=card]")].map((c) => c.textContent);
  return { root, events, button, cards };
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("<fit-workout-search> level and popularity", () => {
  it("offers Most Popular in the sort menu and searches in that order when chosen", async () => {
    const api = visitorApi();
    const { root, cards } = mount(api.store);
    await until(() => cards().length === 2, "results shown");
    const select = root.querySelector("select")!;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "Newest First",
      "Most Popular",
      "Oldest First",
      "Shortest First",
      "Longest First",
    ]);
    select.value = "popular";
    select.dispatchEvent(new Event("change"));
    await until(() => api.searches.at(-1)?.sort === "popular", "a search sorted by popularity");
    await until(() => cards()[0]!.includes("Power HIIT"), "the results in the answer's order");
  });

  it("lists a Level group in the filters dialog, filters by it and names it in the active filters", async () => {
    const api = visitorApi();
    const { root, events, button, cards } = mount(api.store);
    await until(() => cards().length === 2, "results shown");
    button("Filters")!.click();
    const level = () =>
      [...root.querySelectorAll("fieldset")].find((f) => f.querySelector("legend")?.textContent === "Level");
    await until(() => !!level(), "the Level group");
    const box = [...level()!.querySelectorAll("label")].find((l) => l.textContent.startsWith("Beginner"))!;
    expect(box.textContent).toBe("Beginner (1)");
    box.querySelector("input")!.click();
    await until(() => String(api.searches.at(-1)?.filters).includes('level:"Beginner"'), "a search by level");
    await until(() => cards().length === 1, "only the Beginner class");
    expect(cards()[0]).toContain("Easy Flow");
    expect(events.at(-1)).toBe("level=Beginner");
    expect(button("Remove filter Beginner")).toBeDefined();
  });
});
