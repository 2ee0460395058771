import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** jsonb: read as parsed JSON, written as a JSON string. */
type Json<T = unknown> = ColumnType<T, string | null | undefined, string | null>;

export type OperatorRole = "admin" | "editor" | "support" | "viewer";

interface OperatorRolesTable {
  user_id: string;
  role: OperatorRole;
  granted_by: string | null;
  granted_at: Timestamp;
}

interface AuditLogTable {
  id: Generated<number>;
  actor_id: string | null;
  actor_email: string;
  action: string;
  record_type: string;
  record_id: string;
  before: Json<Record<string, unknown> | null>;
  after: Json<Record<string, unknown> | null>;
  at: Timestamp;
}

export interface OperatorTables {
  operator_roles: OperatorRolesTable;
  audit_log: AuditLogTable;
}
