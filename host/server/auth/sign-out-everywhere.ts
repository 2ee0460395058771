import { sql, type Updateable } from "kysely";
import type { Db } from "../db/index.js";
import type { UsersTable } from "../db/tables/platform.js";

/**
 * Signs a member out of every device, inside the caller's transaction: the member's token version goes up (access
 * tokens carrying the old one stop working) and every live refresh token is revoked. `change` is written to the
 * member's row in the same update (a new password, a deactivation). Returns the new token version. The caller forgets
 * the cached version (`TokenVersions.forget`) once the transaction has committed.
 */
export async function signOutEverywhere(
  trx: Db,
  userId: string,
  now: Date,
  change: Updateable<UsersTable> = {},
): Promise<number> {
  const row = await trx
    .updateTable("users")
    .set({ ...change, token_version: sql`token_version + 1`, updated_at: now })
    .where("id", "=", userId)
    .returning("token_version")
    .executeTakeFirstOrThrow();
  await trx
    .updateTable("refresh_tokens")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
  return row.token_version;
}
