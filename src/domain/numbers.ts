/** Rounds to cents, correcting binary artefacts (1.005 → 1.01). */
export const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Epoch ms of an ISO string, Date or number; NaN for null/garbage. */
export const ms = (t: string | number | Date | null | undefined) =>
  t == null ? NaN : typeof t === "number" ? t : new Date(t).getTime();
