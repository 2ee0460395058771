/**
 * Generated artwork for the demo catalogue: deterministic SVG compositions (no text, no photos) for class stills,
 * series covers and trainer portraits, rendered to JPEG, PNG or WebP by `ArtRenderer` (../images.ts).
 */
export { workoutArt } from "./workout-art.js";
export { seriesArt } from "./series-art.js";
export { trainerPortrait } from "./trainer-portrait.js";
/** The size each kind of artwork is drawn at when a request names no size. */
export const NATURAL_SIZE = {
  workouts: { width: 960, height: 540 },
  series: { width: 960, height: 540 },
  trainers: { width: 512, height: 512 },
} as const;
export type ArtKind = keyof typeof NATURAL_SIZE;
export const ART_KINDS = Object.keys(NATURAL_SIZE) as ArtKind[];
