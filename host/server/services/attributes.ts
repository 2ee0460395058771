import type { Db } from "../db/index.js";
import type { Clock } from "../clock.js";

/** The documents a member keeps in user_attributes, by name. */
export type AttributeName =
  "favorites" | "collections_hidden" | "user" | "preferences" | "email" | "onboarding_results" | "challenges";

/** The stored document, or undefined when the member never wrote it. */
export async function readAttribute<T>(db: Db, userId: string, name: AttributeName): Promise<T | undefined> {
  const row = await db
    .selectFrom("user_attributes")
    .select("value")
    .where("user_id", "=", userId)
    .where("name", "=", name)
    .executeTakeFirst();
  return row?.value as T | undefined;
}

/**
 * Read-modify-write of one document under a row lock, so concurrent writes of the same member serialise instead of
 * losing each other's changes (two tabs adding different favourites both land). `change` gets the current document
 * (undefined when none) and answers the new one.
 */
export async function updateAttribute<T>(
  db: Db,
  clock: Clock,
  userId: string,
  name: AttributeName,
  change: (current: T | undefined) => T,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    // Creating the row first gives every writer a row to lock, even for the very first write.
    await trx
      .insertInto("user_attributes")
      .values({ user_id: userId, name, value: "null", updated_at: clock.now() })
      .onConflict((oc) => oc.columns(["user_id", "name"]).doNothing())
      .execute();
    const row = await trx
      .selectFrom("user_attributes")
      .select("value")
      .where("user_id", "=", userId)
      .where("name", "=", name)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const next = change((row.value ?? undefined) as T | undefined);
    await trx
      .updateTable("user_attributes")
      .set({ value: JSON.stringify(next), updated_at: clock.now() })
      .where("user_id", "=", userId)
      .where("name", "=", name)
      .execute();
    return next;
  });
}
