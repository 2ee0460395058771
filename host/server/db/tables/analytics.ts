import type { ColumnType, Generated } from "kysely";
import type { ConsentCategory } from "../../../../src/domain/consent.js";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type AnalyticsEventType = "identify" | "track" | "page";

interface AnalyticsEventsTable {
  id: Generated<string>;
  type: AnalyticsEventType;
  name: string | null;
  anonymous_id: string;
  user_id: string | null;
  member_id: string | null;
  category: ConsentCategory;
  properties: ColumnType<Record<string, unknown>, string, string>;
  occurred_at: Timestamp;
  received_at: Timestamp;
  device: string | null;
}

export interface AnalyticsTables {
  analytics_events: AnalyticsEventsTable;
}
