import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { OrderedContentService } from "./ordered-content.js";

/** What a member reads about a trainer: on every class they teach, and in the library's trainer filter. */
export interface TrainerFields {
  name: string;
  slug: string;
  bio: string;
  image_url: string;
}

/**
 * Trainers as editors run them: created as drafts, edited, published into the library's trainer filter, moved up or
 * down in it, retired out of it (their classes keep naming them). The verbs are listed-content.ts's.
 */
export class AdminTrainersService extends OrderedContentService<TrainerFields> {
  constructor(db: Db, clock: Clock) {
    super(db, clock, {
      table: "trainers",
      links: { table: "workout_trainers", column: "trainer_id" },
      kind: "trainer",
      notFoundMessage: "Trainer not found",
      text: "bio",
      fields: ({ name, slug, text, image_url }) => ({ name, slug, bio: text, image_url }),
      stampsCreated: true,
    });
  }
}
