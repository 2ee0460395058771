import type { ColumnType } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

interface CalendarFeedsTable {
  user_id: string;
  /** Random; with the server's key it derives the URL's secret. */
  nonce: string;
  /** SHA-256 (hex) of the URL's secret: the only form of it the database holds. */
  secret_hash: string;
  time_zone: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  rotated_at: Timestamp | null;
}

export interface CalendarFeedTables {
  calendar_feeds: CalendarFeedsTable;
}
