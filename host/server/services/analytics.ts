import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { ConsentCategory } from "../../../src/domain/consent.js";
import type { AnalyticsEventType } from "../db/tables/analytics.js";
import { badRequest } from "../errors.js";

export const ANALYTICS_EVENT_TYPES: AnalyticsEventType[] = ["identify", "track", "page"];
export const MAX_ANALYTICS_BATCH = 100;
/** One event's properties, serialised; larger ones are refused rather than truncated. */
const MAX_PROPERTIES_BYTES = 8192;
/** Client clocks drift; an event stamped further ahead than this is refused. */
const FUTURE_TOLERANCE_MS = 24 * 3_600_000;

export interface AnalyticsEventInput {
  type: AnalyticsEventType;
  name?: string;
  anonymous_id: string;
  user_id?: string;
  category: ConsentCategory;
  properties: Record<string, unknown>;
  occurred_at: string;
}

/**
 * Stores a batch of analytics events, all or nothing: track and page events need a name, properties stay small and
 * no event is stamped in the future; the first failure rejects the batch, naming its index.
 */
export async function ingestAnalyticsEvents(
  db: Db,
  clock: Clock,
  memberId: string | undefined,
  device: string | undefined,
  events: AnalyticsEventInput[],
): Promise<{ accepted: number }> {
  const now = clock.now();
  const rows = events.map((e, i) => {
    if (e.type !== "identify" && !e.name) throw badRequest(`events.${i}.name is required for ${e.type} events`);
    const properties = JSON.stringify(e.properties);
    if (properties.length > MAX_PROPERTIES_BYTES)
      throw badRequest(`events.${i}.properties must be at most ${MAX_PROPERTIES_BYTES} bytes`);
    const occurred = new Date(e.occurred_at);
    if (occurred.getTime() > now.getTime() + FUTURE_TOLERANCE_MS)
      throw badRequest(`events.${i}.occurred_at must not be in the future`);
    return {
      type: e.type,
      name: e.name ?? null,
      anonymous_id: e.anonymous_id,
      user_id: e.user_id ?? null,
      member_id: memberId ?? null,
      category: e.category,
      properties,
      occurred_at: occurred,
      received_at: now,
      device: device ?? null,
    };
  });
  await db.insertInto("analytics_events").values(rows).execute();
  return { accepted: rows.length };
}
