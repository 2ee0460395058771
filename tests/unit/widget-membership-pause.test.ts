import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import "../../widgets/membership-panel/define.js";
import { writeTokens } from "../../src/auth/index.js";
import { createStore, memoryStorage, type Store } from "../../src/store/index.js";
import type { MembershipStepDetail } from "../../widgets/membership-panel/names.js";
import type { ServerResponse } from "node:http";
import { crossOrigin, fakeJwt, startTestServer, type TestServer } from "./core-http-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  server.reset();
  document.body.innerHTML = "";
});

// The panel runs in a page of another origin than the test server: answers carry CORS headers, preflights pass.
const { json, route } = crossOrigin(() => server, "GET, POST, PUT, DELETE");
const contractError = (res: ServerResponse, status: number, message: string) =>
  json(res, status, { statusCode: status, message, error: "Bad Request" });
afterAll(() => server.close());

const settle = async () => {
  for (let i = 0; i < 8; i++) await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
};
/** Waits (bounded) until the panel shows this text: its reads go over HTTP to the test server. */
const shows = (text: () => string, expected: string) =>
  vi.waitFor(() => expect(text()).toContain(expected), { timeout: 5000, interval: 20 });

// The period ends on January 31 at noon UTC (the same day in any zone the suite runs in), years ahead: one month on
// is February 28, the month's last day.
const END = "2031-01-31T12:00:00.000Z";
const subscription = (pause: { months: number; starts_at: string; resumes_at: string } | null, state = "active") => ({
  subscription_id: "sub1",
  user_id: "u1",
  identifier: "sb_sub_1",
  provider: "stripe",
  state,
  display_state: state,
  name: "1 Month Digital Membership",
  sku: "1month_trial0-R-SB",
  product_id: "1month_trial0-R-SB",
  currency: "USD",
  base_price: 1999,
  discount: 0,
  total_price: 1999,
  entitlements: ["digital"],
  expiration_date: END,
  original_purchase_date: "2030-06-30T12:00:00.000Z",
  interval: 1,
  interval_type: "month",
  trial_start: null,
  trial_end: null,
  trial_days: 0,
  cancel_at_period_end: false,
  pause,
  pause_refusal:
    state === "paused"
      ? "The membership is already paused"
      : pause
        ? "A pause is already scheduled for this membership"
        : null,
  pause_options:
    state === "active" && !pause
      ? [1, 2, 3].map((months) => ({
          months,
          starts_at: END,
          resumes_at: ["2031-02-28", "2031-03-31", "2031-04-30"][months - 1] + "T12:00:00.000Z",
        }))
      : [],
  next_renewal: {
    amount: 1999,
    period_start: pause?.resumes_at ?? END,
    period_end: END,
    sku: "x",
    discount_code: null,
  },
  last_invoice: null,
  payment_method: { brand: "visa", exp_month: 4, exp_year: 2034, last4: "4242" },
  billing_address: null,
});

/** A signed-in member's store against the test server. */
function memberStore(): Store<unknown, unknown> {
  const storage = memoryStorage();
  writeTokens(storage, { access: fakeJwt(Math.floor(Date.now() / 1000) + 600), id: "", refresh: "r" });
  return createStore({ apiBase: server.url, storage, lock: (t) => t(), retryDelay: () => 5 });
}

/** `<fit-membership-panel flow="pause">` as the hosted app's pause page shows it, with the events it raised. */
async function pausePanel() {
  const el = document.createElement("fit-membership-panel") as HTMLElement & { store?: unknown };
  el.store = memberStore();
  el.setAttribute("flow", "pause");
  const steps: string[] = [];
  const changes: unknown[] = [];
  el.addEventListener("fit-membership-step", (e) => {
    const { flow, step } = (e as CustomEvent<MembershipStepDetail>).detail;
    steps.push(`${flow}:${step}`);
  });
  el.addEventListener("fit-membership-change", (e) => changes.push((e as CustomEvent).detail));
  document.body.append(el);
  const root = el.shadowRoot!;
  const text = () => root.textContent.replace(/\s+/g, " ");
  // The pause section's flow has loaded (its heading and the flow's own first words).
  await shows(text, "Current plan");
  await vi.waitFor(() => expect(root.querySelector("input[name=pause-months], section form button")).not.toBeNull(), {
    timeout: 5000,
    interval: 20,
  });
  const button = (name: string) => {
    const found = [...root.querySelectorAll("button")].find((b) => b.textContent.trim() === name);
    if (!found) throw new Error(`no button "${name}" in: ${text()}`);
    return found;
  };
  return { el, root, text, button, steps, changes };
}

describe("the membership panel's pause flow", () => {
  it("offers 1 to 3 months with their dates, confirms in the spec's style, then shows the pause", async () => {
    let current = subscription(null);
    route("GET", "/v2/subscriptions/subs", (_req, res) => json(res, 200, current));
    route("GET", "/subscriptions/v1/products", (_req, res) => json(res, 200, { items: [] }));
    route("POST", "/v2/subscriptions/subs/sub1/pause", (req, res) => {
      const { months } = req.body as { months: number };
      current = subscription({ months, starts_at: END, resumes_at: "2031-03-31T12:00:00.000Z" });
      json(res, 200, current);
    });
    const p = await pausePanel();

    expect(p.text()).toContain("then pause for");
    expect(p.text()).toContain("Access until January 31, 2031, then pause for");
    expect(p.text()).toContain("1 month, back on February 28, 2031");
    expect(p.text()).toContain("2 months, back on March 31, 2031");
    expect(p.text()).toContain("3 months, back on April 30, 2031");
    const radios = [...p.root.querySelectorAll<HTMLInputElement>("input[name=pause-months]")];
    expect(radios.map((r) => r.checked)).toEqual([true, false, false]);
    // Each choice is a labelled radio a keyboard and a screen reader reach.
    expect(radios.every((r) => r.closest("label"))).toBe(true);

    radios[1]!.click();
    await settle();
    p.button("Continue").click();
    await settle();
    expect(p.text()).toContain("You are pausing your membership for 2 months.");
    expect(p.text()).toContain("Access ends on January 31, 2031, back on March 31, 2031.");
    expect(p.text()).toContain("Your card will be charged $19.99 on March 31, 2031, when it resumes.");

    // Backing out sends nothing and keeps the choice.
    p.button("No, take me back").click();
    await settle();
    expect(server.seen.filter((s) => s.method === "POST")).toEqual([]);
    expect([...p.root.querySelectorAll<HTMLInputElement>("input[name=pause-months]")].map((r) => r.checked)).toEqual([
      false,
      true,
      false,
    ]);

    p.button("Continue").click();
    await settle();
    p.button("YES, I AGREE").click();
    await shows(p.text, "Your membership pauses on January 31, 2031 and resumes on March 31, 2031.");
    expect(server.seen.filter((s) => s.method === "POST").map((s) => s.body)).toEqual([{ months: 2 }]);
    await shows(p.text, "Pauses onJanuary 31, 2031");
    // The summary shows the pause in the membership's state: when it starts and when it ends.
    expect(p.text()).toContain("Pauses onJanuary 31, 2031");
    expect(p.text()).toContain("Resumes onMarch 31, 2031");
    expect(p.text()).not.toContain("then pause for");
    p.button("Keep my membership running");
    expect(p.steps).toEqual([
      "pause:opened",
      "pause:pause-chosen",
      "pause:pause-chosen",
      "pause:confirmed",
      "pause:completed",
    ]);
    expect(p.changes).toEqual([{ action: "pause" }]);
  });

  it("says why a paused membership cannot pause again, and shows when it resumes", async () => {
    const paused = subscription({ months: 3, starts_at: "2030-10-31T12:00:00.000Z", resumes_at: END }, "paused");
    route("GET", "/v2/subscriptions/subs", (_req, res) => json(res, 200, paused));
    route("GET", "/subscriptions/v1/products", (_req, res) => json(res, 200, { items: [] }));
    const p = await pausePanel();
    expect(p.text()).toContain("The membership is already paused");
    expect(p.text()).toContain("Resumes onJanuary 31, 2031");
    expect(p.text()).not.toContain("then pause for");
    p.button("Unpause");
  });

  it("shows the server's refusal in an OOPS! dialog when the pause is refused meanwhile", async () => {
    route("GET", "/v2/subscriptions/subs", (_req, res) => json(res, 200, subscription(null)));
    route("GET", "/subscriptions/v1/products", (_req, res) => json(res, 200, { items: [] }));
    route("POST", "/v2/subscriptions/subs/sub1/pause", (_req, res) =>
      contractError(res, 400, "A pause is already scheduled for this membership"),
    );
    const p = await pausePanel();
    p.button("Continue").click();
    await settle();
    p.button("YES, I AGREE").click();
    await shows(p.text, "OOPS!");
    const alert = p.root.querySelector("[role=alert]");
    expect(alert?.textContent).toContain("OOPS!");
    expect(alert?.textContent).toContain("A pause is already scheduled for this membership");
    expect(p.steps).not.toContain("pause:completed");
  });
});
