import type { ApiClient } from "../client.js";

export type ConsentCategory = "Essential" | "Performance" | "Functional" | "Marketing";
export interface AnalyticsEvent {
  type: "identify" | "track" | "page";
  /** Event or page name; absent for identify. */
  name?: string;
  anonymous_id: string;
  user_id?: string;
  category: ConsentCategory;
  properties: Record<string, unknown>;
  occurred_at: string;
}

/** The first-party collector (anonymous: events carry their own ids, so it works before and after sign-in). */
export const sendAnalyticsEvents = (c: ApiClient, events: AnalyticsEvent[]) =>
  c.request<{ accepted: number }>("/v2/analytics/events", { method: "POST", body: { events }, keepalive: true });
