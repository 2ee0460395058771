/**
 * Deterministic demo workouts: the same inputs always give the same catalogue (names, slugs, durations, facets),
 * so tests and screenshots are stable. Used by the demo seed (a few hundred) and `npm run seed:bench` (20,000).
 */
import { createRandom, type Random } from "../../random.js";
import type { StrainTag } from "../../../../src/domain/avoid.js";
import { strainOf } from "./catalogue-strain.js";
import {
  CATEGORIES,
  COLLECTIONS,
  DESCRIPTION_CLOSERS,
  DESCRIPTION_OPENERS,
  FOCUS,
  LEVELS,
  TRAINERS,
  type CategorySeed,
} from "./catalogue-vocabulary.js";

const DAY_MS = 86_400_000;

export interface GeneratedWorkout {
  id: string;
  slug: string;
  name: string;
  description: string;
  type: "workout" | "walk" | "rest";
  level: string;
  pacing: string;
  duration: number;
  video_duration: number;
  live: boolean;
  equipment: string[];
  /** What the class loads or involves (avoid filters): derived from the rest by strainOf. */
  strain: StrainTag[];
  focus: string[];
  benefits: string[];
  breakdown: { title: string; minutes: number }[];
  poster_url: string;
  start_date: Date;
  categoryIds: string[];
  trainerIds: string[];
  collectionIds: string[];
}

export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export const trainerId = (name: string) => `tr_${slugify(name)}`;
export const categoryId = (slug: string) => `cat_${slug}`;
export const collectionId = (slug: string) => `col_${slug}`;
export const posterUrl = (workoutId: string) => `/tsapi/v2/workout/${workoutId}/video/image`;
/** Generated artwork the media routes draw (host/server/media/artwork): series covers and trainer portraits. */
export const seriesArtUrl = (seriesSlug: string) => `/media/art/series/${seriesSlug}.jpg`;
export const trainerPortraitUrl = (trainerSlug: string) =>
  `/media/art/trainers/${trainerSlug}.png?width=160&height=160`;

function breakdownFor(minutes: number): { title: string; minutes: number }[] {
  if (minutes <= 10) return [{ title: "Main Set", minutes }];
  const warm = Math.max(2, Math.round(minutes * 0.15));
  const cool = Math.max(2, Math.round(minutes * 0.1));
  return [
    { title: "Warm Up", minutes: warm },
    { title: "Main Set", minutes: minutes - warm - cool },
    { title: "Cool Down", minutes: cool },
  ];
}

/**
 * Seconds of video for a class of `minutes`: a little over the round number, never crossing a length-bucket edge
 * (the buckets of spec §9 meet at 930, 1530, 2130, 2730 and 3630 s).
 */
function videoSeconds(minutes: number, random: Random): number {
  return minutes * 60 + 5 + random.int(20);
}

/** A code like `OFF0923-S24`: category code, month and year of release, then a sequence within that month. */
function codeFor(category: CategorySeed, date: Date, sequence: Map<string, number>): string {
  const month = String(date.getUTCMonth() + 1).padStart(2, "0");
  const year = String(date.getUTCFullYear() % 100).padStart(2, "0");
  const key = `${category.code}${month}${year}`;
  const n = (sequence.get(key) ?? 0) + 1;
  sequence.set(key, n);
  return `${key}-S${n}`;
}

export interface GenerateOptions {
  count: number;
  seed: number;
  /** The newest class is released on this day; older ones spread back from it. */
  newest: Date;
  /** Days between consecutive releases (fractional allowed). */
  spacingDays: number;
  idPrefix: string;
  /** Index of the first generated workout (ids continue from here). */
  startIndex?: number;
  /** Appended to every slug code, keeping a second generated set apart from the demo's slugs. */
  codeSuffix?: string;
}

/** `count` on-demand classes across the eight categories, every length bucket, trainer and facet. */
export function generateWorkouts(options: GenerateOptions): GeneratedWorkout[] {
  const random = createRandom(options.seed);
  const sequence = new Map<string, number>();
  const out: GeneratedWorkout[] = [];
  const start = options.startIndex ?? 0;
  for (let i = 0; i < options.count; i++) {
    const index = start + i;
    const category = CATEGORIES[index % CATEGORIES.length]!;
    const minutes = category.minutes[Math.floor(index / CATEGORIES.length) % category.minutes.length]!;
    const title = random.pick(category.titles);
    const live = random.next() < 0.15;
    const name = `${minutes} Min ${live ? "Live " : ""}${title}`;
    const released = new Date(
      options.newest.getTime() - index * options.spacingDays * DAY_MS - random.int(12) * 3_600_000,
    );
    const code = codeFor(category, released, sequence) + (options.codeSuffix ?? "");
    const id = `${options.idPrefix}${String(index + 1).padStart(4, "0")}`;
    const focus = title.includes("Full Body") ? ["Full Body"] : random.some(FOCUS, 1, 2);
    const equipment = random.some(category.equipment, 1, 3);
    const normalizedEquipment = equipment.includes("No Equipment") ? ["No Equipment"] : equipment;
    const opener = random.pick(DESCRIPTION_OPENERS[focus[0]!]!);
    const trainers = random.next() < 0.12 ? random.some(TRAINERS, 2, 2) : [random.pick(TRAINERS)];
    const collections = new Set<string>(random.next() < 0.55 ? random.some(COLLECTIONS, 1, 2).map((c) => c.slug) : []);
    if (minutes <= 15) collections.add("quick-hits");
    if (normalizedEquipment.includes("No Equipment")) collections.delete("sculpt-and-mobility");
    const workout: GeneratedWorkout = {
      id,
      slug: `${slugify(name)}-${code}`,
      name,
      description: `${opener} in this ${minutes} minute ${category.name.toLowerCase()} class with ${trainers.join(" and ")}. ${random.pick(DESCRIPTION_CLOSERS)}`,
      type: "workout",
      level: random.pick(LEVELS),
      pacing: random.pick(category.pacing),
      duration: minutes,
      video_duration: videoSeconds(minutes, random),
      live,
      equipment: normalizedEquipment,
      strain: [],
      focus,
      benefits: random.some(category.benefits, 1, 3),
      breakdown: breakdownFor(minutes),
      poster_url: posterUrl(id),
      start_date: released,
      categoryIds: [categoryId(category.slug)],
      trainerIds: trainers.map(trainerId),
      collectionIds: [...collections].map(collectionId),
    };
    // Derived from the rest, after it: the random draws (and so the demo catalogue) stay what they were.
    workout.strain = strainOf({ ...workout, categories: [category.slug] });
    out.push(workout);
  }
  return out;
}

/** Walks and rest days: real entries (calendars point at them) that the library hides by default. */
export function generateWalksAndRests(newest: Date, idPrefix: string): GeneratedWorkout[] {
  const random = createRandom(7);
  const walks = [20, 30, 45, 60].flatMap((minutes, k) =>
    ["Outdoor Walk", "Power Walk", "Walk & Talk"].map((title, j) => ({ minutes, title, n: k * 3 + j })),
  );
  const rests = [
    { minutes: 5, title: "Rest Day Reset" },
    { minutes: 8, title: "Rest Day Breathwork" },
    { minutes: 10, title: "Rest Day Gentle Stretch" },
  ];
  const make = (kind: "walk" | "rest", minutes: number, title: string, n: number): GeneratedWorkout => {
    const id = `${idPrefix}${kind}-${String(n + 1).padStart(2, "0")}`;
    const name = `${minutes} Min ${title}`;
    const released = new Date(newest.getTime() - (n * 21 + 3) * DAY_MS);
    const trainer = random.pick(TRAINERS);
    return {
      id,
      slug: `${slugify(name)}-${kind === "walk" ? "WLK" : "RST"}${String(n + 1).padStart(2, "0")}`,
      name,
      description:
        kind === "walk"
          ? `Get outside and move: a ${minutes} minute guided walk with ${trainer} to keep you active between classes.`
          : `Take the day to recover. ${trainer} guides a short, gentle reset so you come back stronger tomorrow.`,
      type: kind,
      level: "All Levels",
      pacing: "Slow & Steady",
      duration: minutes,
      video_duration: videoSeconds(minutes, random),
      live: false,
      equipment: ["No Equipment"],
      strain: strainOf({
        categories: [kind],
        type: kind,
        name,
        equipment: ["No Equipment"],
        focus: ["Full Body"],
        pacing: "Slow & Steady",
      }),
      focus: ["Full Body"],
      benefits: kind === "walk" ? ["Endurance"] : ["Stress Relief"],
      breakdown: breakdownFor(minutes),
      poster_url: posterUrl(id),
      start_date: released,
      categoryIds: [categoryId(kind)],
      trainerIds: [trainerId(trainer)],
      collectionIds: [],
    };
  };
  return [
    ...walks.map((w) => make("walk", w.minutes, w.title, w.n)),
    ...rests.map((r, n) => make("rest", r.minutes, r.title, n)),
  ];
}
