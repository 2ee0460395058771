import type { planPauseEn } from "../plan-pause.js";

export const planPauseFrCA: Partial<Record<keyof typeof planPauseEn, string>> = {};
