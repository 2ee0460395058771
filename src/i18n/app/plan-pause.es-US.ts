import type { planPauseEn } from "../plan-pause.js";

/** Pausing a series or a calendar, in US Spanish. */
export const planPauseEsUS: Partial<Record<keyof typeof planPauseEn, string>> = {};
