import type { Db } from "../index.js";
import type { SeedStep } from "./index.js";
import {
  categoryId,
  collectionId,
  generateWalksAndRests,
  generateWorkouts,
  posterUrl,
  seriesArtUrl,
  slugify,
  trainerPortraitUrl,
  trainerId,
  type GeneratedWorkout,
} from "./catalogue-generator.js";
import { CALENDARS, SERIES, SERIES_CATEGORIES, calendarDays, seriesItems } from "./catalogue-programs.js";
import { ASSETS, CAROUSELS, DYNAMIC_CONTENT, HOME_PAGE, LOCATIONS, PAGES } from "./catalogue-site.js";
import { ALL_CATEGORY, CATEGORIES, COLLECTIONS, HIDDEN_CATEGORIES, TRAINERS } from "./catalogue-vocabulary.js";

const DAY_MS = 86_400_000;
/** The demo library: 45 classes per category, plus walks and rest days. */
const DEMO_WORKOUT_COUNT = 360;

async function inChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Inserts workouts with their category, trainer and collection links (used by the demo seed and seed:bench). */
export async function insertWorkouts(db: Db, workouts: GeneratedWorkout[]) {
  await inChunks(workouts, 250, async (chunk) => {
    await db
      .insertInto("workouts")
      .values(
        chunk.map((w) => ({
          id: w.id,
          slug: w.slug,
          name: w.name,
          description: w.description,
          type: w.type,
          level: w.level,
          pacing: w.pacing,
          duration: w.duration,
          video_duration: w.video_duration,
          live: w.live,
          equipment: w.equipment,
          strain: w.strain,
          focus: w.focus,
          benefits: w.benefits,
          breakdown: JSON.stringify(w.breakdown),
          poster_url: w.poster_url,
          start_date: w.start_date,
          created_at: w.start_date,
          updated_at: w.start_date,
        })),
      )
      .execute();
    await db
      .insertInto("workout_category_links")
      .values(chunk.flatMap((w) => w.categoryIds.map((c) => ({ workout_id: w.id, category_id: c }))))
      .execute();
    await db
      .insertInto("workout_trainers")
      .values(chunk.flatMap((w) => w.trainerIds.map((t, position) => ({ workout_id: w.id, trainer_id: t, position }))))
      .execute();
    const collections = chunk.flatMap((w) => w.collectionIds.map((c) => ({ workout_id: w.id, collection_id: c })));
    if (collections.length) await db.insertInto("workout_collections").values(collections).execute();
  });
}

/** The class the product's slug style is quoted from: `25-min-mat-full-body-stretch-OFF0923-S24`. */
function signatureWorkout(now: Date): GeneratedWorkout {
  const id = "wk_sig1";
  return {
    id,
    slug: "25-min-mat-full-body-stretch-OFF0923-S24",
    name: "25 Min Mat Full Body Stretch",
    description:
      "Lengthen and release from head to toe on the mat. Slow, breath-led stretches for hips, hamstrings, spine and shoulders.",
    type: "workout",
    level: "All Levels",
    pacing: "Slow & Steady",
    duration: 25,
    video_duration: 25 * 60 + 12,
    live: false,
    equipment: ["Mat"],
    strain: ["floor"],
    focus: ["Full Body"],
    benefits: ["Flexibility", "Mobility", "Stress Relief"],
    breakdown: [
      { title: "Warm Up", minutes: 4 },
      { title: "Main Set", minutes: 18 },
      { title: "Cool Down", minutes: 3 },
    ],
    poster_url: posterUrl(id),
    start_date: new Date(now.getTime() - 430 * DAY_MS),
    categoryIds: [categoryId("recover-and-stretch")],
    trainerIds: [trainerId("Renée Dubois")],
    collectionIds: [collectionId("trainer-favorites")],
  };
}

/** Every catalogue workout of the demo, in a stable order. */
export function demoWorkouts(now: Date): GeneratedWorkout[] {
  const newest = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 14));
  return [
    ...generateWorkouts({ count: DEMO_WORKOUT_COUNT, seed: 20260101, newest, spacingDays: 2.5, idPrefix: "wk_" }),
    signatureWorkout(now),
    ...generateWalksAndRests(newest, "wk_"),
  ];
}

async function insertTaxonomy(trx: Db) {
  await trx
    .insertInto("trainers")
    .values(
      TRAINERS.map((name) => ({
        id: trainerId(name),
        slug: slugify(name),
        name,
        // An illustrated portrait drawn for the trainer (no text: the app shows the name beside it).
        image_url: trainerPortraitUrl(slugify(name)),
        bio: `${name.split(" ")[0]} teaches with precision, warmth and plenty of encouragement.`,
      })),
    )
    .execute();
  const seo = (name: string, description: string) =>
    JSON.stringify({
      data: {
        workoutPageTitle: `${name} Workouts | fitkit`,
        workoutPageDescription: description,
        categoryPageTitle: `${name} Classes | fitkit`,
        categoryPageDescription: description,
      },
    });
  await trx
    .insertInto("workout_categories")
    .values([
      {
        id: categoryId(ALL_CATEGORY.slug),
        slug: ALL_CATEGORY.slug,
        name: ALL_CATEGORY.name,
        description: ALL_CATEGORY.description,
        sort_order: 0,
        is_all: true,
        seo: seo(ALL_CATEGORY.name, ALL_CATEGORY.description),
      },
      ...CATEGORIES.map((c, i) => ({
        id: categoryId(c.slug),
        slug: c.slug,
        name: c.name,
        description: c.description,
        sort_order: i + 1,
        seo: seo(c.name, c.description),
      })),
      ...HIDDEN_CATEGORIES.map((c, i) => ({
        id: categoryId(c.slug),
        slug: c.slug,
        name: c.name,
        description: c.description,
        sort_order: 100 + i,
        hidden: true,
        seo: seo(c.name, c.description),
      })),
    ])
    .execute();
  await trx
    .insertInto("collections")
    .values(
      COLLECTIONS.map((c, i) => ({
        id: collectionId(c.slug),
        slug: c.slug,
        name: c.name,
        description: c.description,
        image_url: "",
        sort_order: i,
      })),
    )
    .execute();
}

async function insertPrograms(trx: Db, workouts: GeneratedWorkout[]) {
  const items = seriesItems(workouts);
  await trx
    .insertInto("series")
    .values(
      SERIES.map((s, i) => ({
        id: s.id,
        slug: s.slug,
        name: s.name,
        description: s.description,
        level: s.level,
        image_url: seriesArtUrl(s.slug),
        suggested_schedule: s.suggested_schedule,
        before_you_start: s.before_you_start,
        featured: s.featured,
        created_at: new Date(Date.UTC(2021, 8 + i, 1)),
      })),
    )
    .execute();
  await trx.insertInto("series_items").values(items).execute();
  await trx
    .insertInto("series_related_content")
    .values(
      SERIES.flatMap((s, i) => {
        const related = SERIES[(i + 1) % SERIES.length]!;
        const extras = items
          .filter((it) => it.series_id === related.id)
          .slice(0, 3)
          .map((it) => it.workout_id);
        return [
          {
            series_id: s.id,
            position: 1,
            title: "Before You Start",
            name: "before-you-start",
            description: s.before_you_start,
            content: s.suggested_schedule,
            workout_ids: [],
          },
          {
            series_id: s.id,
            position: 2,
            title: "Additional content",
            name: `more-from-${related.slug}`,
            description: `Classes from ${related.name} that pair well with this series.`,
            content: "",
            workout_ids: extras,
          },
        ];
      }),
    )
    .execute();
  await trx
    .insertInto("series_overview")
    .values({
      id: "default",
      page_description: "Series are guided plans: a set of classes in order, with progress tracked as you go.",
      featured_banner: JSON.stringify({
        title: "Phase & Function",
        subtitle: "Train with your cycle",
        seriesSlug: "phase-and-function-PHF0921",
        image_url: seriesArtUrl("phase-and-function-PHF0921"),
      }),
    })
    .execute();
  await trx
    .insertInto("series_categories")
    .values(SERIES_CATEGORIES.map((c, i) => ({ ...c, sort_order: i + 1 })))
    .execute();
  await trx
    .insertInto("series_category_items")
    .values(
      SERIES_CATEGORIES.flatMap((c) =>
        SERIES.filter((s) => s.overview.includes(c.slug)).map((s, position) => ({
          category_id: c.id,
          series_id: s.id,
          position: position + 1,
        })),
      ),
    )
    .execute();
  await trx
    .insertInto("workout_calendars")
    .values(CALENDARS.map((c) => ({ id: c.id, slug: c.slug, name: c.name, description: c.description, image_url: "" })))
    .execute();
  await trx.insertInto("workout_calendar_days").values(calendarDays(workouts)).execute();
}

async function insertSite(trx: Db, workouts: GeneratedWorkout[], now: Date) {
  await trx
    .insertInto("locations")
    .values(LOCATIONS.map((l, i) => ({ ...l, image_url: "", sort_order: i })))
    .execute();
  await trx
    .insertInto("home_pages")
    .values({ id: HOME_PAGE.id, slug: HOME_PAGE.slug, title: HOME_PAGE.title, is_default: true })
    .execute();
  await trx
    .insertInto("home_page_rows")
    .values(
      HOME_PAGE.rows.map((r, i) => ({
        home_page_id: HOME_PAGE.id,
        position: i + 1,
        title: r.title,
        kind: r.kind,
        source: JSON.stringify(r.source),
      })),
    )
    .execute();
  const library = workouts
    .filter((w) => w.type === "workout")
    .sort((a, b) => b.start_date.getTime() - a.start_date.getTime());
  const itemIds = (from: string) =>
    from === "newest"
      ? library.slice(0, 10).map((w) => w.id)
      : from === "featured"
        ? SERIES.filter((s) => s.featured).map((s) => s.id)
        : COLLECTIONS.map((c) => collectionId(c.slug));
  await trx
    .insertInto("carousels")
    .values(
      CAROUSELS.map((c, i) => ({
        id: c.id,
        slug: c.slug,
        title: c.title,
        kind: c.kind,
        item_ids: itemIds(c.from),
        sort_order: i,
      })),
    )
    .execute();
  await trx
    .insertInto("announcement_banners")
    .values([
      {
        id: "banner_winter",
        message: "New: the Winter Reset series is here. Join now and start tomorrow.",
        link_text: "See series",
        link_url: "/series",
        starts_at: new Date(now.getTime() - 2 * DAY_MS),
        ends_at: new Date(now.getTime() + 60 * DAY_MS),
      },
      {
        id: "banner_fall_2022",
        message: "The Fall Challenge has ended. Thanks for sweating with us!",
        link_text: "",
        link_url: "",
        starts_at: new Date(Date.UTC(2022, 8, 19)),
        ends_at: new Date(Date.UTC(2022, 9, 23)),
      },
    ])
    .execute();
  await trx
    .insertInto("dynamic_content")
    .values(DYNAMIC_CONTENT.map((d, i) => ({ ...d, value: JSON.stringify(d.value), sort_order: i })))
    .execute();
  await trx
    .insertInto("pages")
    .values(
      PAGES.map((p) => ({
        id: p.id,
        slug: p.slug,
        title: p.title,
        fields: JSON.stringify({ slug: p.slug, title: p.title, body: p.body }),
        updated_at: now,
      })),
    )
    .execute();
  await trx.insertInto("assets").values(ASSETS).execute();
}

/** The demo catalogue: taxonomy, a few hundred workouts, series, calendars, locations and site content. */
export const demoCatalogue: SeedStep = {
  name: "catalogue/demo",
  async run(trx, { clock }) {
    const now = clock.now();
    const workouts = demoWorkouts(now);
    await insertTaxonomy(trx);
    await insertWorkouts(trx, workouts);
    await insertPrograms(trx, workouts);
    await insertSite(trx, workouts, now);
  },
};
