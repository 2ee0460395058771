import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { OrderedContentService } from "./ordered-content.js";

/** What a member reads about a collection: its page, the collections list, the library's collection filter. */
export interface CollectionFields {
  name: string;
  slug: string;
  description: string;
  image_url: string;
}

/**
 * Collections as editors run them: created as drafts, edited, published into members' collections list, page and
 * filter, moved up or down there, retired out of them (workouts are put in collections from the workout's form). The
 * verbs are listed-content.ts's.
 */
export class AdminCollectionsService extends OrderedContentService<CollectionFields> {
  constructor(db: Db, clock: Clock) {
    super(db, clock, {
      table: "collections",
      links: { table: "workout_collections", column: "collection_id" },
      kind: "collection",
      notFoundMessage: "Collection not found",
      text: "description",
      fields: ({ name, slug, text, image_url }) => ({ name, slug, description: text, image_url }),
      stampsCreated: false,
    });
  }
}
