import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import type { ContractSchemas } from "./contract-schemas.js";
import { STRAIN_TAGS } from "../../src/domain/avoid.js";
import { NAME_MAX_LENGTH } from "../../src/domain/names.js";
/** JSON-schema building blocks shared by route plugins. Bodies are strict: unknown properties are rejected. */

export const emailSchema = { type: "string", format: "email", maxLength: 254 } as const;
export const passwordSchema = { type: "string", minLength: 6, maxLength: 256 } as const;
/** NAME_MAX_LENGTH: the limit the sign-up and profile forms apply too. */
export const nameSchema = { type: "string", minLength: 1, maxLength: NAME_MAX_LENGTH } as const;
export const uuidSchema = { type: "string", format: "uuid" } as const;
/** Console content fields (series, banners, calendars, trainers, collections) and the answers that echo them. */
export const slugSchema = {
  type: "string",
  minLength: 1,
  maxLength: 100,
  pattern: "^[a-z0-9]+(-[a-z0-9]+)*$",
} as const;
export const imageUrlSchema = { type: "string", maxLength: 500, pattern: "^(|https://\\S+|/\\S*)$" } as const;
export const longTextSchema = { type: "string", maxLength: 5000 } as const;
/** Text a member reads: no control characters; `min` 1 also refuses a blank. */
export const readableText = (max: number, min = 0) =>
  ({
    type: "string",
    minLength: min,
    maxLength: max,
    pattern: min ? "^[^\\u0000-\\u001f]*\\S[^\\u0000-\\u001f]*$" : "^[^\\u0000-\\u001f]*$",
  }) as const;

/** A `date-time` string in a response schema: a handler may answer a Date, which the serializer writes as ISO 8601. */
type DatesOut = [{ pattern: { type: "string"; format: "date-time" }; output: Date | string }];

/** How a response schema's type is read: by handlers (routes/typed.ts) and by the services whose answer it is. */
export interface AnswerOptions {
  deserialize: DatesOut;
  references: ContractSchemas;
}

/** The value a response schema describes: a service's answer is typed by the schema it is sent with, not again. */
export type Answer<S extends JSONSchema> = FromSchema<S, AnswerOptions>;

export function strictObject<
  const P extends Record<string, object>,
  const R extends readonly (keyof P & string)[] = readonly [],
>(properties: P, required: R = [] as unknown as R) {
  return { type: "object", additionalProperties: false, properties, required } as const;
}

/**
 * A shape the contract names: registered once on the app (contract-schemas.ts), named by `name` in the OpenAPI
 * document's components, and answered through `ref`. The unnamed schema stays for shapes that extend it.
 */
export const named = <const N extends string, const S extends object>(name: N, schema: S) =>
  ({ $id: name, ...schema }) as { readonly $id: N } & S;

/** A reference to a named shape, resolved by the validator, the serializer and the reply types alike. */
export const ref = <const N extends string>(schema: { readonly $id: N }) =>
  ({ $ref: `${schema.$id}#` }) as { readonly $ref: `${N}#` };

/** An object with exactly these keys, every one present (most answers): `strictObject` with all keys required. */
export function exactObject<const P extends Record<string, object>>(properties: P) {
  return strictObject(properties, Object.keys(properties) as (keyof P & string)[]);
}

/** The body of an action that takes no input: none, or an empty object; any property is refused like elsewhere. */
export const noBody = { type: ["object", "null"], additionalProperties: false, properties: {} } as const;

export const successSchema = exactObject({ success: { type: "boolean", const: true } });

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

export const errorSchema = ref(errorBodySchema);

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
  exactObject({ items: { type: "array", items: item }, total: { type: "integer" } });

const trainerRefSchema = exactObject({ id: string, slug: string, name: string, image_url: string });

const workoutVideoSchema = exactObject({ duration: { type: "number", description: "Seconds." }, poster_url: string });

/** A workout (api-contract.md "Workouts"), with the class breakdown the detail pane lists. */
export const workoutSchema = exactObject({
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
    items: exactObject({ id: string, slug: string, name: string }),
  },
  live: { type: "boolean" },
  start_date: string,
  created_at: string,
  duration: { type: "number", description: "Minutes." },
  video: workoutVideoSchema,
  breakdown: {
    type: "array",
    items: exactObject({ title: string, minutes: { type: "number" } }),
  },
});

/** What activity answers show of a workout (history rows, challenge lists): services/catalogue-lookup.ts. */
export const workoutSummarySchema = exactObject({
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
});

/** A saved card (the default payment method); the number itself never leaves the billing provider. */
const cardSchema = exactObject({
  brand: { type: "string" },
  exp_month: { type: "integer" },
  exp_year: { type: "integer" },
  last4: { type: "string" },
});

export const Workout = named("Workout", workoutSchema);
export const WorkoutSummary = named("WorkoutSummary", workoutSummarySchema);
export const Card = named("Card", cardSchema);

/**
 * The data of the live stream's `spots` event (routes/live-stream.ts): one class's counts after a change. No route
 * answers it as JSON: it is one of the named shapes, so the OpenAPI document names it and the browser reads the event
 * by the generated type.
 */
export const SpotsChange = named(
  "SpotsChange",
  exactObject({
    id: { type: "string", description: "The class." },
    location_id: { type: "string" },
    booked: { type: "integer" },
    capacity: { type: "integer" },
    waitlisted: { type: "integer" },
    cancelled: { type: "boolean" },
    spots_left: { type: "integer", description: "As the schedule answers it (`GET /studios/class`)." },
    class_full: { type: "boolean" },
  }),
);
