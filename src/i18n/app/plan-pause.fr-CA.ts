import type { planPauseEn } from "../plan-pause.js";

/** Pausing a series or a calendar, in Canadian French. */
export const planPauseFrCA: Partial<Record<keyof typeof planPauseEn, string>> = {};
