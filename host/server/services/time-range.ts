import { sql, type RawBuilder } from "kysely";
import { badRequest } from "../errors.js";

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether PostgreSQL and Intl both know an IANA time zone name. */
export function assertTimeZone(tz: string): void {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
  } catch {
    throw badRequest(`tz must be a valid IANA time zone`);
  }
}

/**
 * A range bound from a query parameter, as SQL: a timestamp with offset is used as is; a plain date means the start
 * of that day (for `from`) or the end of it (for `to`, exclusive next midnight) in the member's time zone.
 */
export function rangeBound(value: string, field: string, edge: "from" | "to", tz: string): RawBuilder<Date> {
  if (DATE_ONLY.test(value)) {
    // Date.parse rolls 30 February over to March: a real date reads back unchanged.
    const ms = Date.parse(`${value}T00:00:00Z`);
    if (!inRange(ms) || new Date(ms).toISOString().slice(0, 10) !== value)
      throw badRequest(`${field} must be a valid date`);
    const day = edge === "from" ? sql`${value}::date` : sql`(${value}::date + 1)`;
    return sql<Date>`(${day}::timestamp at time zone ${tz})`;
  }
  const ms = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || !inRange(ms))
    throw badRequest(`${field} must be a date or an ISO 8601 date-time`);
  const at = new Date(ms).toISOString();
  // An exact instant as `to` is inclusive: nudge past it so every bound can be used as an exclusive upper limit.
  return edge === "from" ? sql<Date>`${at}::timestamptz` : sql<Date>`(${at}::timestamptz + interval '1 millisecond')`;
}

/** Years 1900 to 9999: PostgreSQL has no year 0 and nothing in this product happened before. */
export const inRange = (ms: number) => Number.isFinite(ms) && ms >= Date.UTC(1900, 0, 1) && ms < Date.UTC(10000, 0, 1);
