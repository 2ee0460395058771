import type { Db } from "../db/index.js";
import type { Actor } from "./operator-access.js";
import { type Answer, exactObject } from "../schemas.js";

/** A record a console write touched: its kind (workout, user, …) and id. */
export interface AuditRecord {
  type: string;
  id: string;
}

export interface AuditChange {
  /** What was done, `<record>.<verb>` (workout.create, workout.schedule, role.grant, …). */
  action: string;
  record: AuditRecord;
  /** The record's values before (null for a create) and after (null for a revoke). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const string = { type: "string" } as const;
const nullableString = { type: ["string", "null"] } as const;
const snapshot = { type: ["object", "null"], additionalProperties: true } as const;
/** One entry of the log as the console lists it; `changed` names the keys whose values differ before and after. */
export const auditEntrySchema = exactObject({
  id: { type: "integer" },
  actor_id: nullableString,
  actor_email: string,
  action: string,
  record_type: string,
  record_id: string,
  before: snapshot,
  after: snapshot,
  changed: { type: "array", items: string },
  at: { type: "string", format: "date-time" },
});
export type AuditEntry = Answer<typeof auditEntrySchema>;

/**
 * Records one console write in the audit log, in the caller's transaction (Directus's activity + revisions: who,
 * when, what, and a snapshot before and after), so a write and its record commit or roll back together.
 */
export async function recordAudit(trx: Db, actor: Actor, at: Date, change: AuditChange): Promise<void> {
  await trx
    .insertInto("audit_log")
    .values({
      actor_id: actor.id,
      actor_email: actor.email,
      action: change.action,
      record_type: change.record.type,
      record_id: change.record.id,
      before: change.before ? JSON.stringify(change.before) : null,
      after: change.after ? JSON.stringify(change.after) : null,
      at,
    })
    .execute();
}

export interface AuditQuery {
  actor?: string;
  recordType?: string;
  recordId?: string;
  from?: Date;
  to?: Date;
  /** Entries older than this id (the page before). */
  before?: number;
  limit: number;
}

/** The log, newest first, filtered by person (id or email), record and date range. */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditEntry[]> {
  let q = db.selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(query.limit);
  if (query.actor) {
    const actor = query.actor;
    q = /^[0-9a-f-]{36}$/i.test(actor) ? q.where("actor_id", "=", actor) : q.where("actor_email", "=", actor);
  }
  if (query.recordType) q = q.where("record_type", "=", query.recordType);
  if (query.recordId) q = q.where("record_id", "=", query.recordId);
  if (query.from) q = q.where("at", ">=", query.from);
  if (query.to) q = q.where("at", "<", query.to);
  if (query.before !== undefined) q = q.where("id", "<", query.before);
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, changed: changedKeys(r.before, r.after) }));
}

function changedKeys(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys].filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k])).sort();
}
