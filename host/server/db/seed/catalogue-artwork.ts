import { sql } from "kysely";
import type { SeedStep } from "./index.js";
import { seriesArtUrl, trainerPortraitUrl } from "./catalogue-generator.js";

/** What the first demo seed pointed series, the featured banner and trainers at: crops of one class's clip still. */
const OLD_POSTER = "/tsapi/v2/workout/%";

/**
 * Databases seeded before the generated artwork still point series, the featured banner and trainer avatars at class
 * posters. This moves those (and only those: an image an operator set elsewhere is kept) to their own artwork; on a
 * database the current seed made it changes nothing.
 */
export const demoArtwork: SeedStep = {
  name: "catalogue/artwork",
  async run(trx) {
    for (const t of await trx
      .selectFrom("trainers")
      .select(["id", "slug"])
      .where("image_url", "like", OLD_POSTER)
      .execute()) {
      await trx
        .updateTable("trainers")
        .set({ image_url: trainerPortraitUrl(t.slug) })
        .where("id", "=", t.id)
        .execute();
    }
    for (const s of await trx
      .selectFrom("series")
      .select(["id", "slug"])
      .where("image_url", "like", OLD_POSTER)
      .execute()) {
      await trx
        .updateTable("series")
        .set({ image_url: seriesArtUrl(s.slug) })
        .where("id", "=", s.id)
        .execute();
    }
    await sql`update series_overview
      set featured_banner = jsonb_set(featured_banner::jsonb, '{image_url}', to_jsonb('/media/art/series/' || (featured_banner::jsonb ->> 'seriesSlug') || '.jpg'))
      where featured_banner::jsonb ->> 'image_url' like ${OLD_POSTER} and featured_banner::jsonb ->> 'seriesSlug' is not null`.execute(
      trx,
    );
  },
};
