import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { badRequest, notFound } from "../errors.js";
import { readAttribute, updateAttribute } from "./attributes.js";
import { missingIds } from "./catalogue-lookup.js";

export interface HiddenCollections {
  collections_hidden: string[];
}

export async function readHiddenCollections(db: Db, userId: string): Promise<HiddenCollections> {
  return {
    collections_hidden:
      (await readAttribute<HiddenCollections>(db, userId, "collections_hidden"))?.collections_hidden ?? [],
  };
}

/**
 * Hides `add` and unhides `remove` (the client puts ids already hidden into remove and the others into add, spec
 * section 4); idempotent either way. Unknown collections → 404, except an id already hidden can always be unhidden.
 */
export async function changeHiddenCollections(
  db: Db,
  clock: Clock,
  userId: string,
  change: { add?: string[]; remove?: string[] },
): Promise<HiddenCollections> {
  const add = [...new Set(change.add ?? [])];
  const remove = new Set(change.remove ?? []);
  const both = add.filter((id) => remove.has(id));
  if (both.length) throw badRequest(`collection ${both[0]} cannot be both added and removed`);
  const unknown = new Set(await missingIds(db, "collections", [...add, ...remove]));
  const unknownAdd = add.find((id) => unknown.has(id));
  if (unknownAdd) throw notFound(`Collection ${unknownAdd} not found`);

  return updateAttribute<HiddenCollections>(db, clock, userId, "collections_hidden", (current) => {
    const hidden = current?.collections_hidden ?? [];
    const unknownRemove = [...remove].find((id) => unknown.has(id) && !hidden.includes(id));
    if (unknownRemove) throw notFound(`Collection ${unknownRemove} not found`);
    const kept = hidden.filter((id) => !remove.has(id));
    return { collections_hidden: [...kept, ...add.filter((id) => !kept.includes(id))] };
  });
}
