import type { planPauseEn } from "../plan-pause.js";

export const planPauseEsUS: Partial<Record<keyof typeof planPauseEn, string>> = {};
