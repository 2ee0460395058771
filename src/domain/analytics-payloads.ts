import type { LiveClass, Workout } from "../api/types.js";

export interface WorkoutContext {
  view_source?: string;
  collection_name?: string;
  series_name?: string;
  position?: number;
  context_page_path?: string;
}

const names = (list: { name: string }[] | undefined) => (list ?? []).map((x) => x.name).join(", ");
const list = (v: string[] | string | undefined) => (Array.isArray(v) ? v.join(", ") : (v ?? ""));

/** Spec §3 workout payload. */
export function workoutPayload(w: Partial<Workout>, ctx: WorkoutContext = {}) {
  return {
    workout_name: w.name ?? "",
    id: w.id ?? "",
    level: w.level ?? "",
    length: w.duration ?? 0,
    description: w.description ?? "",
    slug: w.slug ?? "",
    workout_category: list(w.category),
    workout_source: "On Demand",
    equipment: list(w.equipment),
    trainer_name: names(w.trainers),
    view_source: ctx.view_source ?? "",
    collection_name: ctx.collection_name ?? "",
    series_name: ctx.series_name ?? "",
    position: ctx.position ?? 0,
    source: "Web App",
    context_page_path: ctx.context_page_path ?? "",
  };
}

/** Spec §3 filter event payload; `filters` defaults to empty. */
export const filterPayload = (category: string, sortType: string, filters: Record<string, unknown> = {}) => ({
  category,
  filters,
  sort_type: sortType,
});

/** Spec §3 class tracking payload. */
export function classPayload(c: Partial<LiveClass>, timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone) {
  return {
    class_ID: c.id ?? "",
    class_name: c.description ?? "",
    instructor: c.trainer_name ?? "",
    duration: c.duration ?? 0,
    class_date_and_time: c.start_date ?? "",
    user_timezone: timeZone,
    equipment: list(c.equipment),
  };
}
