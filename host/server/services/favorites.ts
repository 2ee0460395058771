import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { badRequest, notFound } from "../errors.js";
import { readAttribute, updateAttribute } from "./attributes.js";
import { missingIds } from "./catalogue-lookup.js";
import { type Answer, exactObject } from "../schemas.js";

/** A member's favourite workouts, newest first: the stored attribute, answered as it is. */
export const favoritesSchema = exactObject({ workouts: { type: "array", items: { type: "string" } } });
export type Favorites = Answer<typeof favoritesSchema>;

export interface FavoritesChange {
  add?: { workouts: string[] };
  remove?: { workouts: string[] };
}

export async function readFavorites(db: Db, userId: string): Promise<Favorites> {
  return { workouts: (await readAttribute<Favorites>(db, userId, "favorites"))?.workouts ?? [] };
}

/**
 * Adds and removes favourite workouts in one idempotent write: adding a favourite again or removing one that is not
 * there changes nothing. Newest favourites come first (the home row shows the latest). Unknown workouts → 404,
 * except that an id already in the list can always be removed (its workout may have left the catalogue).
 */
export async function changeFavorites(
  db: Db,
  clock: Clock,
  userId: string,
  change: FavoritesChange,
): Promise<Favorites> {
  const add = [...new Set(change.add?.workouts ?? [])];
  const remove = new Set(change.remove?.workouts ?? []);
  const both = add.filter((id) => remove.has(id));
  if (both.length) throw badRequest(`workout ${both[0]} cannot be both added and removed`);
  const unknown = new Set(await missingIds(db, "workouts", [...add, ...remove]));
  const unknownAdd = add.find((id) => unknown.has(id));
  if (unknownAdd) throw notFound(`Workout ${unknownAdd} not found`);

  return updateAttribute<Favorites>(db, clock, userId, "favorites", (current) => {
    const workouts = current?.workouts ?? [];
    const unknownRemove = [...remove].find((id) => unknown.has(id) && !workouts.includes(id));
    if (unknownRemove) throw notFound(`Workout ${unknownRemove} not found`);
    const kept = workouts.filter((id) => !remove.has(id));
    const added = add.filter((id) => !kept.includes(id)).reverse();
    return { workouts: [...added, ...kept] };
  });
}
