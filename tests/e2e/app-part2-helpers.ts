import { expect } from "vitest";
import type { Page } from "playwright-core";
import { inBatches, watchEvents } from "../api/watch-events.js";
import { appUrl, keepTokens, STEP_TIMEOUT, type Session } from "./browser.js";

/**
 * Helpers for the hosted app's part-2 journeys. Each journey signs up its own member through the API (so journeys
 * never share state with the demo members other files use), stores the tokens the way the app does, and answers the
 * cookie banner (Essential only) in advance.
 */

export interface Member {
  email: string;
  password: string;
  token: string;
  /** Calls the API as this member (node side). */
  api<T = unknown>(path: string, init?: { method?: string; body?: unknown }): Promise<T>;
}

export async function callApi<T>(
  token: string | undefined,
  path: string,
  init: { method?: string; body?: unknown } = {},
  base = appUrl(),
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok)
    throw new Error(`${init.method ?? "GET"} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Saves the sandbox's good test card and subscribes the account to `sku` (what the shop's checkout does); live
 * classes are booked by members only. `base` names another server than the suite's.
 */
export async function subscribe(token: string, sku = "1month_trial0-R-SB", base = appUrl()) {
  const api = <T>(path: string, init?: { method?: string; body?: unknown }) => callApi<T>(token, path, init, base);
  const { client_secret } = await api<{ client_secret: string }>("/commerce/v1/payment/setup", { method: "POST" });
  const { payment_method_id } = await api<{ payment_method_id: string }>("/commerce/v1/sandbox/payment-methods", {
    method: "POST",
    body: { client_secret, number: "4242424242424242", exp_month: 4, exp_year: 2030, cvc: "123" },
  });
  await api("/commerce/v1/payment/setdefault", { method: "POST", body: { payment_method_id } });
  await api("/v2/subscriptions/subs", { method: "POST", body: { sku } });
}

export interface NewMemberOptions {
  /** Subscribe to this SKU with the sandbox's good card (what the shop's checkout does). */
  sku?: string;
  /** Store quiz answers first, so the onboarding redirect leaves the member on the page asked for. */
  onboarded?: boolean;
  givenName?: string;
}

/** Signs up a fresh member, subscribes and onboards them as asked, and signs this browser context in as them. */
export async function newMember(session: Session, options: NewMemberOptions = {}): Promise<Member> {
  const email = `p2-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = "part-two-secret";
  const answer = await callApi<{ token: string; refreshToken: string }>(undefined, "/api/auth/sign-up/email", {
    method: "POST",
    body: { email, password, given_name: options.givenName ?? "Pat", family_name: "Tester", waiver_accepted: true },
  });
  const api = <T>(path: string, init?: { method?: string; body?: unknown }) => callApi<T>(answer.token, path, init);
  if (options.sku) await subscribe(answer.token, options.sku);
  if (options.onboarded) await api("/v2/workouts/onboarding-results", { method: "POST", body: { level: "beginner" } });

  await keepTokens(session, answer, ["Essential"]);
  return { email, password, token: answer.token, api };
}

/**
 * Watches a workout to the end through the API (start, the player's progress events of watching the whole video, which
 * ends now, then end at its full length): a completed on-demand workout.
 */
export async function completeWorkout(member: Member, workoutId: string) {
  const { items } = await member.api<{ items: { id: string; video: { duration: number } }[] }>(
    `/tsapi/workouts/?ids=${encodeURIComponent(workoutId)}`,
  );
  const session = await member.api<{ session_id: string }>(
    `/v2/workouts/start_session/${encodeURIComponent(workoutId)}`,
  );
  await postWatch(member, watchEvents(workoutId, session.session_id, 0, items[0]!.video.duration, Date.now()));
  const ended = await member.api<{ is_complete: boolean }>(
    `/v2/workouts/end_session/${encodeURIComponent(workoutId)}`,
    {
      method: "POST",
      body: { session_id: session.session_id, workout_completed_positions: items[0]!.video.duration },
    },
  );
  expect(ended.is_complete).toBe(true);
}

/** Posts player events as the web player does. */
export async function postWatch(member: Member, events: unknown[]) {
  for (const batch of inBatches(events)) {
    await member.api("/v2/workouts/video_events", { method: "POST", body: { events: batch } });
  }
}

export const WIDTHS = [375, 768, 1280] as const;

/**
 * Screenshots the page at the three widths of the quality bar (test-artifacts/app-part2-{name}-{width}.png) and
 * checks at each that axe finds nothing serious and nothing scrolls sideways.
 */
export async function checkWidths(session: Session, page: Page, name: string, settle?: () => Promise<unknown>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settle?.();
    await page.waitForTimeout(300);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      `${name} scrolls sideways at ${width}`,
    ).toBeLessThanOrEqual(0);
    expect(await session.axe(page), `${name} at ${width}`).toEqual([]);
    await session.screenshot(page, `app-part2-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Waits until the text shows anywhere on the page (shadow roots included). */
export async function sees(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor({ timeout: STEP_TIMEOUT });
}

/** Reloads until the locator shows (a read answered just before a write landed must not fail the journey). */
export async function reloadUntilVisible(page: Page, locator: ReturnType<Page["getByText"]>, attempts = 3) {
  for (let i = 0; i < attempts; i++) {
    await page.reload();
    if (
      await locator
        .first()
        .waitFor({ timeout: STEP_TIMEOUT / 2 })
        .then(
          () => true,
          () => false,
        )
    )
      return;
  }
  await locator.first().waitFor({ timeout: STEP_TIMEOUT });
}
