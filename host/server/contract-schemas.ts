import { SeriesEnrollment } from "./services/series-progress.js";
import { Card, errorBodySchema, SpotsChange, Workout, WorkoutSummary } from "./schemas.js";
import { LiveClass, Reservation, WaitlistEntry } from "./services/live-classes.js";
import { BillingAddress, Subscription } from "./services/subscription-view.js";

/**
 * The shapes the contract names (`named` in schemas.ts), registered once on the app: routes answer them by `ref`,
 * the OpenAPI document lists them in components.schemas, and src/api/contract.gen.ts exports them by name.
 */
export const contractSchemas = [
  errorBodySchema,
  Workout,
  WorkoutSummary,
  Card,
  BillingAddress,
  Subscription,
  LiveClass,
  Reservation,
  WaitlistEntry,
  SeriesEnrollment,
  SpotsChange,
] as const;

/** The named shapes, for reading a `ref` in a schema's type (schemas.ts `Answer`). */
export type ContractSchemas = [
  typeof errorBodySchema,
  typeof Workout,
  typeof WorkoutSummary,
  typeof Card,
  typeof BillingAddress,
  typeof Subscription,
  typeof LiveClass,
  typeof Reservation,
  typeof WaitlistEntry,
  typeof SeriesEnrollment,
  typeof SpotsChange,
];
