import type { ColumnType } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

interface AccountDeletionsTable {
  user_id: string;
  requested_at: Timestamp;
  /** The end of the grace period: the erasure job erases the account after it. */
  erase_at: Timestamp;
  /** When the job erased the account; null while the deletion can still be cancelled. */
  erased_at: Timestamp | null;
}

export interface AccountDeletionTables {
  account_deletions: AccountDeletionsTable;
}
