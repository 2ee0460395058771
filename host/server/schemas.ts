import { STRAIN_TAGS } from "../../src/domain/avoid.js";
import { NAME_MAX_LENGTH } from "../../src/domain/names.js";
/** JSON-schema building blocks shared by route plugins. Bodies are strict: unknown properties are rejected. */

export const emailSchema = { type: "string", format: "email", maxLength: 254 } as const;
export const passwordSchema = { type: "string", minLength: 6, maxLength: 256 } as const;
/** NAME_MAX_LENGTH: the limit the sign-up and profile forms apply too. */
export const nameSchema = { type: "string", minLength: 1, maxLength: NAME_MAX_LENGTH } as const;
export const uuidSchema = { type: "string", format: "uuid" } as const;

export function strictObject<
  const P extends Record<string, object>,
  const R extends readonly (keyof P & string)[] = readonly [],
>(properties: P, required: R = [] as unknown as R) {
  return { type: "object", additionalProperties: false, properties, required } as const;
}

/** The body of an action that takes no input: none, or an empty object; any property is refused like elsewhere. */
export const noBody = { type: ["object", "null"], additionalProperties: false, properties: {} } as const;

export const successSchema = strictObject({ success: { type: "boolean", const: true } }, ["success"]);

/**
 * The contract's error body, registered once on the app (`app.addSchema`) and named `ErrorBody` in the OpenAPI
 * document; routes answer errors with `errorSchema`, a reference to it.
 */
export const errorBodySchema = {
  $id: "ErrorBody",
  type: "object",
  properties: {
    statusCode: { type: "integer" },
    message: { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] },
    error: { type: "string" },
    code: {
      type: "string",
      description: "Names the rule that refused (docs/api.md lists them); stable, unlike the English message.",
    },
    values: {
      type: "object",
      description:
        "The values the message names, for a client that says it in another language (instants in ISO 8601).",
      additionalProperties: { anyOf: [{ type: "string" }, { type: "number" }] },
    },
  },
  required: ["statusCode", "message", "error", "code"],
} as const;

export const errorSchema = { $ref: "ErrorBody#" } as const;

/** OpenAPI metadata for a member-only route. */
export const memberSecurity = [{ bearer: [] }];

// ---- answers shared by several domains (api-contract.md). Response schemas are serialised by fast-json-stringify,
// which drops any property a schema does not list and coerces values to the listed type: every field a handler
// answers is listed here, with its nullability, and open maps say `additionalProperties`.

const string = { type: "string" } as const;
const strings = { type: "array", items: string } as const;
/** A JSON object whose keys are the data's own (SEO blocks, progress details): passed through as it is. */
export const openObject = { type: "object", additionalProperties: true } as const;

/** `{items, total}`: a page of a list, the total counting every item of the list. */
export const pageOf = <const T extends object>(item: T) =>
  strictObject({ items: { type: "array", items: item }, total: { type: "integer" } }, ["items", "total"]);

const trainerRefSchema = strictObject({ id: string, slug: string, name: string, image_url: string }, [
  "id",
  "slug",
  "name",
  "image_url",
]);

const workoutVideoSchema = strictObject({ duration: { type: "number", description: "Seconds." }, poster_url: string }, [
  "duration",
  "poster_url",
]);

/** A workout (api-contract.md "Workouts"), with the class breakdown the detail pane lists. */
export const workoutSchema = strictObject(
  {
    id: string,
    slug: string,
    name: string,
    description: string,
    category: strings,
    type: { type: "string", enum: ["workout", "walk", "rest"] },
    level: string,
    pacing: string,
    trainers: { type: "array", items: trainerRefSchema },
    equipment: strings,
    strain: {
      type: "array",
      items: { type: "string", enum: STRAIN_TAGS },
      description: "What the workout loads or involves (avoid filters)",
    },
    focusMember: strings,
    benefits: strings,
    collections: {
      type: "array",
      items: strictObject({ id: string, slug: string, name: string }, ["id", "slug", "name"]),
    },
    live: { type: "boolean" },
    start_date: string,
    created_at: string,
    duration: { type: "number", description: "Minutes." },
    video: workoutVideoSchema,
    breakdown: {
      type: "array",
      items: strictObject({ title: string, minutes: { type: "number" } }, ["title", "minutes"]),
    },
  },
  [
    "id",
    "slug",
    "name",
    "description",
    "category",
    "type",
    "level",
    "pacing",
    "trainers",
    "equipment",
    "strain",
    "focusMember",
    "benefits",
    "collections",
    "live",
    "start_date",
    "created_at",
    "duration",
    "video",
    "breakdown",
  ],
);

/** What activity answers show of a workout (history rows, challenge lists): services/catalogue-lookup.ts. */
export const workoutSummarySchema = strictObject(
  {
    id: string,
    slug: string,
    name: string,
    type: string,
    level: string,
    duration: { type: "number", description: "Minutes." },
    live: { type: "boolean" },
    start_date: string,
    video: workoutVideoSchema,
    trainers: { type: "array", items: trainerRefSchema },
  },
  ["id", "slug", "name", "type", "level", "duration", "live", "start_date", "video", "trainers"],
);

/** A saved card (the default payment method); the number itself never leaves the billing provider. */
export const cardSchema = {
  type: "object",
  properties: {
    brand: { type: "string" },
    exp_month: { type: "integer" },
    exp_year: { type: "integer" },
    last4: { type: "string" },
  },
  required: ["brand", "exp_month", "exp_year", "last4"],
} as const;

/**
 * The data of the live stream's `spots` event (routes/live-stream.ts): one class's counts after a change. Registered
 * on the app (`app.addSchema`), so the OpenAPI document names it `SpotsChange` and the browser reads the event with
 * the generated type.
 */
export const spotsChangeSchema = {
  $id: "SpotsChange",
  type: "object",
  properties: {
    id: { type: "string", description: "The class." },
    location_id: { type: "string" },
    booked: { type: "integer" },
    capacity: { type: "integer" },
    waitlisted: { type: "integer" },
    cancelled: { type: "boolean" },
    spots_left: { type: "integer", description: "As the schedule answers it (`GET /studios/class`)." },
    class_full: { type: "boolean" },
  },
  required: ["id", "location_id", "booked", "capacity", "waitlisted", "cancelled", "spots_left", "class_full"],
  additionalProperties: false,
} as const;
