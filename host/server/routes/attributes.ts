import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { badRequest } from "../errors.js";
import { rejectUnstorableText } from "./reject-unstorable-text.js";
import { exactObject, memberSecurity, strictObject } from "../schemas.js";
import { changeFavorites, favoritesSchema, readFavorites } from "../services/favorites.js";
import { changeHiddenCollections, readHiddenCollections } from "../services/hidden-collections.js";
import {
  changeEmailSettings,
  changePreferences,
  changeUserSettings,
  emailSettingsSchema,
  preferencesAnswerSchema,
  readEmailSettings,
  readPreferences,
  readUserSettings,
  userSettingsSchema,
} from "../services/member-settings.js";
import { readOnboardingResults } from "../services/onboarding.js";
import { typed } from "./typed.js";
import { AVOID_KEYS, avoidList, MAX_AVOID } from "../../../src/domain/avoid.js";
import { LOCALES } from "../../../src/domain/locales.js";

/** Catalogue ids as clients send them. */
export const idList = {
  type: "array",
  maxItems: 500,
  items: { type: "string", minLength: 1, maxLength: 200 },
} as const;
const MAX_PREFERENCES_BYTES = 16_384;

const hiddenAnswer = exactObject({ collections_hidden: { type: "array", items: { type: "string" } } });
const preferencesSchema = {
  type: "object",
  maxProperties: 100,
  propertyNames: { type: "string", minLength: 1, maxLength: 64 },
  properties: {
    /** Avoid filters: what the library leaves out on the member's next visit (docs/members.md); null forgets it. */
    avoid: { type: ["array", "null"], maxItems: MAX_AVOID, items: { type: "string", enum: AVOID_KEYS } },
    /** The hosted app's language (one of the supported locales, docs/members.md); null forgets it. */
    language: { type: ["string", "null"], enum: [...LOCALES, null] },
  },
  additionalProperties: true,
} as const;

export async function attributeRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const tags = ["member attributes"];
  const member = { onRequest: app.requireMember, preValidation: rejectUnstorableText };

  app.get(
    "/favorites",
    {
      ...member,
      schema: {
        tags,
        summary: "The member's favourite workouts, newest first",
        security: memberSecurity,
        response: { 200: favoritesSchema },
      },
    },
    async (request) => readFavorites(ctx.db, memberOf(request).id),
  );

  app.put(
    "/favorites",
    {
      ...member,
      schema: {
        tags,
        summary: "Add and remove favourite workouts (idempotent); answers the whole list",
        security: memberSecurity,
        body: exactObject({
          object: strictObject({
            add: exactObject({ workouts: idList }),
            remove: exactObject({ workouts: idList }),
          }),
        }),
        response: { 200: favoritesSchema },
      },
    },
    async (request) => changeFavorites(ctx.db, ctx.clock, memberOf(request).id, request.body.object),
  );

  app.get(
    "/collections_hidden",
    {
      ...member,
      schema: {
        tags,
        summary: "The collections the member hid",
        security: memberSecurity,
        response: { 200: hiddenAnswer },
      },
    },
    async (request) => readHiddenCollections(ctx.db, memberOf(request).id),
  );

  app.put(
    "/collections_hidden",
    {
      ...member,
      schema: {
        tags,
        summary: "Hide (add) and unhide (remove) collections (idempotent); answers the whole list",
        security: memberSecurity,
        body: strictObject({ add: idList, remove: idList }),
        response: { 200: hiddenAnswer },
      },
    },
    async (request) => changeHiddenCollections(ctx.db, ctx.clock, memberOf(request).id, request.body),
  );

  app.get(
    "/user",
    {
      ...member,
      schema: {
        tags,
        summary: "Waiver (absent = required), background music and captions settings",
        security: memberSecurity,
        response: { 200: userSettingsSchema },
      },
    },
    async (request) => readUserSettings(ctx.db, memberOf(request).id),
  );

  app.put(
    "/user",
    {
      ...member,
      schema: {
        tags,
        summary: "Accept the waiver or change the player settings (partial); answers the whole attribute",
        security: memberSecurity,
        body: strictObject({
          waiver: { type: "boolean", const: true },
          feed_fm_disabled: { type: "boolean" },
          closed_captions: { type: "boolean" },
        }),
        response: { 200: userSettingsSchema },
      },
    },
    async (request) => changeUserSettings(ctx.db, ctx.clock, memberOf(request).id, request.body),
  );

  app.get(
    "/preferences",
    {
      ...member,
      schema: {
        tags,
        summary: "The member's free-form preferences",
        security: memberSecurity,
        response: { 200: preferencesAnswerSchema },
      },
    },
    async (request) => readPreferences(ctx.db, memberOf(request).id),
  );

  app.put(
    "/preferences",
    {
      ...member,
      schema: {
        tags,
        summary:
          "Merge preferences (a key set to null is removed; `avoid` must list known avoid keys, `language` a supported locale: en-US, es-US or fr-CA); answers the whole attribute",
        security: memberSecurity,
        body: preferencesSchema,
        response: { 200: preferencesAnswerSchema },
      },
    },
    async (request) => {
      if (JSON.stringify(request.body).length > MAX_PREFERENCES_BYTES)
        throw badRequest(`preferences must be shorter than ${MAX_PREFERENCES_BYTES} characters`);
      const change = request.body;
      // Stored once each in chip order, so every client reads the same list back.
      if (Array.isArray(change.avoid)) change.avoid = avoidList(change.avoid);
      const next = await changePreferences(ctx.db, ctx.clock, memberOf(request).id, change);
      return next;
    },
  );

  app.get(
    "/email",
    {
      ...member,
      schema: {
        tags,
        summary: "The member's email and marketing opt-out",
        security: memberSecurity,
        response: { 200: emailSettingsSchema },
      },
    },
    async (request) => readEmailSettings(ctx.db, memberOf(request).id),
  );

  app.put(
    "/email",
    {
      ...member,
      schema: {
        tags,
        summary: "Opt out of (or back into) marketing email",
        security: memberSecurity,
        body: strictObject({ opt_out: { type: "boolean" } }),
        response: { 200: emailSettingsSchema },
      },
    },
    async (request) => changeEmailSettings(ctx.db, ctx.clock, memberOf(request).id, request.body),
  );

  app.get(
    "/onboarding_results",
    {
      ...member,
      schema: {
        tags,
        summary: "The member's onboarding results page (empty string when the quiz was never finished)",
        security: memberSecurity,
        response: { 200: exactObject({ results_url: { type: "string" } }) },
      },
    },
    async (request) => readOnboardingResults(ctx.db, memberOf(request).id),
  );
}
