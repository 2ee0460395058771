/**
 * Avoid filters: what a member can ask the library to leave out ("skip lateral raises while my shoulder heals").
 * Shared by the server (the search index, the preferences check) and the browser (chips, the URL, the request).
 *
 * A workout carries `strain` tags, what it loads or involves; an avoid key leaves out every workout with its tag, or
 * using any of its equipment.
 */

/** What a workout loads or involves, as the catalogue's `strain` tags (migration 074). */
export const STRAIN_TAGS = ["jumping", "wrists", "shoulders", "knees", "lower-back", "floor"] as const;
export type StrainTag = (typeof STRAIN_TAGS)[number];

/** Every avoid key, body areas first, then equipment, in the order the chips show. */
export const AVOID_KEYS = [...STRAIN_TAGS, "weights", "ball", "band", "gliders"] as const;
export type AvoidKey = (typeof AVOID_KEYS)[number];

/** Equipment avoid keys and the catalogue's equipment values each leaves out. */
export const AVOID_EQUIPMENT: Readonly<Record<Exclude<AvoidKey, StrainTag>, readonly string[]>> = {
  weights: ["Light Weights", "Heavy Weights", "Ankle Weights"],
  ball: ["P.ball"],
  band: ["P.band"],
  gliders: ["Gliders"],
};

/** Most avoid keys a request or the preferences may hold (every key once). */
export const MAX_AVOID = AVOID_KEYS.length;

/** The known keys of a list, once each, in chip order (a saved or linked list may hold anything). */
export const avoidList = (values: unknown): AvoidKey[] =>
  Array.isArray(values) ? AVOID_KEYS.filter((k) => values.includes(k)) : [];
