/** Demo series and calendars, picked deterministically from the generated workouts. */
import type { GeneratedWorkout } from "./catalogue-generator.js";
import { categoryId } from "./catalogue-generator.js";

export interface SeriesSeed {
  id: string;
  slug: string;
  name: string;
  description: string;
  level: string;
  featured: boolean;
  suggested_schedule: string;
  before_you_start: string;
  /** Categories the series draws its classes from, and how many per chapter. */
  from: string[];
  chapters: string[];
  perChapter: number;
  overview: string[];
}

export const SERIES: SeriesSeed[] = [
  {
    id: "ser_phf0921",
    slug: "phase-and-function-PHF0921",
    name: "Phase & Function",
    level: "All Levels",
    featured: true,
    description:
      "Sync your training with your cycle: four phases of strength, cardio, mat and recovery classes that work with your body, not against it.",
    suggested_schedule: "4 classes a week for 4 weeks, one chapter per phase.",
    before_you_start: "Track where you are in your cycle and start with the matching chapter.",
    from: ["strength-and-sculpt", "cardio-burn", "mat-definition", "recover-and-stretch"],
    chapters: ["Menstrual Phase", "Follicular Phase", "Ovulatory Phase", "Luteal Phase"],
    perChapter: 3,
    overview: ["featured", "wellness"],
  },
  {
    id: "ser_kck0122",
    slug: "30-day-kickstart-KCK0122",
    name: "30 Day Kickstart",
    level: "Beginner",
    featured: true,
    description: "New to the Method? Build the habit with short fundamentals that grow into full classes over a month.",
    suggested_schedule: "3 to 4 classes a week.",
    before_you_start: "Grab a mat and a P.ball; everything else is optional.",
    from: ["get-started", "mat-definition"],
    chapters: ["Week 1", "Week 2", "Week 3", "Week 4"],
    perChapter: 3,
    overview: ["featured", "beginner"],
  },
  {
    id: "ser_cor0322",
    slug: "core-foundations-COR0322",
    name: "Core Foundations",
    level: "Beginner",
    featured: false,
    description: "Three weeks of mat work to find, fire and strengthen your deep core.",
    suggested_schedule: "Every other day for 3 weeks.",
    before_you_start: "A mat is all you need.",
    from: ["mat-definition"],
    chapters: ["Find", "Fire", "Strengthen"],
    perChapter: 3,
    overview: ["beginner", "strength"],
  },
  {
    id: "ser_stb0522",
    slug: "strength-builder-STB0522",
    name: "Strength Builder",
    level: "Intermediate",
    featured: true,
    description: "Progressive weight training that adds load week by week for real, measurable strength.",
    suggested_schedule: "3 classes a week with a rest day between.",
    before_you_start: "Have light and heavy weights ready.",
    from: ["progressive-weight-training"],
    chapters: ["Base", "Build", "Peak"],
    perChapter: 4,
    overview: ["strength"],
  },
  {
    id: "ser_crd0722",
    slug: "cardio-ignite-CRD0722",
    name: "Cardio Ignite",
    level: "Intermediate",
    featured: false,
    description: "High-energy cardio sculpt classes that build stamina without losing control.",
    suggested_schedule: "4 classes a week for 2 weeks.",
    before_you_start: "Clear some space and keep water close.",
    from: ["cardio-burn"],
    chapters: ["Spark", "Burn"],
    perChapter: 4,
    overview: ["strength"],
  },
  {
    id: "ser_mob0822",
    slug: "mobility-reset-MOB0822",
    name: "Mobility Reset",
    level: "All Levels",
    featured: false,
    description: "Movement therapy and stretching to undo long days at a desk.",
    suggested_schedule: "Daily, 10 to 20 minutes.",
    before_you_start: "Wear something you can move freely in.",
    from: ["movement-therapy", "recover-and-stretch"],
    chapters: ["Hips", "Spine", "Shoulders"],
    perChapter: 3,
    overview: ["wellness"],
  },
  {
    id: "ser_mnd1022",
    slug: "mindful-month-MND1022",
    name: "Mindful Month",
    level: "All Levels",
    featured: false,
    description: "A month of short meditations to reduce stress and sleep better.",
    suggested_schedule: "One meditation a day.",
    before_you_start: "Find a quiet corner.",
    from: ["meditation"],
    chapters: ["Breathe", "Notice", "Rest", "Reflect"],
    perChapter: 2,
    overview: ["wellness"],
  },
  {
    id: "ser_lbl1122",
    slug: "lower-body-lift-LBL1122",
    name: "Lower Body Lift",
    level: "Intermediate",
    featured: false,
    description: "Two weeks of glute and leg focused sculpt to lift and strengthen.",
    suggested_schedule: "3 classes a week.",
    before_you_start: "Ankle weights make it spicier.",
    from: ["strength-and-sculpt"],
    chapters: ["Lift", "Hold"],
    perChapter: 4,
    overview: ["strength"],
  },
  {
    id: "ser_w1010123",
    slug: "weights-101-W1010123",
    name: "Weights 101",
    level: "Beginner",
    featured: false,
    description: "Learn to lift safely: form first, then load, with functional patterns you will use every day.",
    suggested_schedule: "2 to 3 classes a week.",
    before_you_start: "Start lighter than you think.",
    from: ["get-started", "progressive-weight-training"],
    chapters: ["Form", "Load"],
    perChapter: 4,
    overview: ["beginner", "strength"],
  },
  {
    id: "ser_tbt0323",
    slug: "total-body-tone-TBT0323",
    name: "Total Body Tone",
    level: "All Levels",
    featured: true,
    description: "A balanced mix of sculpt, cardio and mat for a stronger, leaner whole body.",
    suggested_schedule: "4 classes a week for 3 weeks.",
    before_you_start: "P.ball, light weights and a mat.",
    from: ["strength-and-sculpt", "cardio-burn", "mat-definition"],
    chapters: ["Sculpt", "Sweat", "Define"],
    perChapter: 3,
    overview: ["featured"],
  },
  {
    id: "ser_rcv0623",
    slug: "recovery-week-RCV0623",
    name: "Recovery Week",
    level: "All Levels",
    featured: false,
    description: "Seven days of stretch, movement therapy and meditation between training blocks.",
    suggested_schedule: "One class a day for a week.",
    before_you_start: "Go gently.",
    from: ["recover-and-stretch", "movement-therapy", "meditation"],
    chapters: ["Release", "Restore"],
    perChapter: 3,
    overview: ["wellness", "beginner"],
  },
];

export const SERIES_CATEGORIES = [
  { id: "sc_featured", slug: "featured", name: "Featured Series" },
  { id: "sc_beginner", slug: "beginner", name: "Beginner Friendly" },
  { id: "sc_strength", slug: "strength", name: "Build Strength" },
  { id: "sc_wellness", slug: "wellness", name: "Recovery & Wellness" },
];

/** The ordered items of every series: each chapter takes the next classes of its categories, newest first. */
export function seriesItems(workouts: GeneratedWorkout[]) {
  const byCategory = new Map<string, GeneratedWorkout[]>();
  for (const w of workouts) {
    if (w.type !== "workout") continue;
    for (const c of w.categoryIds) byCategory.set(c, [...(byCategory.get(c) ?? []), w]);
  }
  const used = new Map<string, number>();
  return SERIES.flatMap((s, seriesIndex) => {
    const items: { series_id: string; workout_id: string; position: number; chapter: number; chapter_title: string }[] =
      [];
    s.chapters.forEach((title, chapterIndex) => {
      for (let k = 0; k < s.perChapter; k++) {
        const category = categoryId(s.from[(chapterIndex + k) % s.from.length]!);
        const pool = byCategory.get(category) ?? [];
        // Spread series over the catalogue (offset per series) and never repeat a class inside one series.
        const cursor = (used.get(`${s.id}:${category}`) ?? seriesIndex * 2) % Math.max(pool.length, 1);
        used.set(`${s.id}:${category}`, cursor + 1);
        const workout = pool.at(cursor); // the pool may be empty
        if (workout)
          items.push({
            series_id: s.id,
            workout_id: workout.id,
            position: items.length + 1,
            chapter: chapterIndex + 1,
            chapter_title: title,
          });
      }
    });
    return items;
  });
}

export const CALENDARS = [
  {
    id: "cal_4wk",
    slug: "4-week-sculpt-calendar",
    name: "4 Week Sculpt Calendar",
    description: "Four weeks of sculpt and cardio with a walk day and a rest day every week.",
    pattern: [
      "strength-and-sculpt",
      "cardio-burn",
      "walk",
      "mat-definition",
      "strength-and-sculpt",
      "recover-and-stretch",
      "rest",
    ],
    weeks: 4,
  },
  {
    id: "cal_2wk",
    slug: "2-week-reset",
    name: "2 Week Reset",
    description: "Two gentle weeks of mat, stretch and walks to reset your routine.",
    pattern: ["mat-definition", "walk", "recover-and-stretch", "rest", "movement-therapy", "walk", "rest"],
    weeks: 2,
  },
  {
    id: "cal_beg",
    slug: "beginner-month",
    name: "Beginner Month",
    description: "Your first month, one fundamentals class at a time.",
    pattern: ["get-started", "rest", "get-started", "walk", "mat-definition", "rest", "rest"],
    weeks: 4,
  },
];

export function calendarDays(workouts: GeneratedWorkout[]) {
  const ofKind = (predicate: (w: GeneratedWorkout) => boolean) => workouts.filter(predicate);
  let turn = 0;
  return CALENDARS.flatMap((calendar) => {
    const days: { calendar_id: string; day: number; kind: "workout" | "walk" | "rest"; workout_id: string | null }[] =
      [];
    for (let week = 0; week < calendar.weeks; week++) {
      calendar.pattern.forEach((slot, i) => {
        const kind = slot === "walk" ? "walk" : slot === "rest" ? "rest" : "workout";
        const pool =
          kind === "workout"
            ? ofKind((w) => w.type === "workout" && w.categoryIds.includes(categoryId(slot)) && w.duration <= 35)
            : ofKind((w) => w.type === kind);
        const workout = pool.at(turn++ % pool.length); // the pool may be empty
        days.push({ calendar_id: calendar.id, day: week * 7 + i + 1, kind, workout_id: workout?.id ?? null });
      });
    }
    return days;
  });
}
