import type { FastifyInstance } from "fastify";
import { OPERATOR_ROLES } from "../services/operator-access.js";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { unauthorized } from "../errors.js";
import { claimsOf } from "../services/entitlements.js";
import { changeProfile, phoneSchema, profileSchema, readProfile } from "../services/profile.js";
import { exactObject, memberSecurity, noBody, strictObject, successSchema } from "../schemas.js";
import { rejectUnstorableText } from "./reject-unstorable-text.js";
import { typed } from "./typed.js";

/** Names are trimmed and length-checked by the service, so the schema only fixes the types. */
const profileChangeSchema = strictObject({
  given_name: { type: "string", maxLength: 1000 },
  family_name: { type: "string", maxLength: 1000 },
  birthday: { type: ["string", "null"], maxLength: 10 },
  phone: { anyOf: [{ type: "null" }, phoneSchema] },
});
const string = { type: "string" } as const;
/** The claims of spec section 3: flags are the text "true" when set and absent otherwise, as identity providers send */
const claimsAnswer = strictObject(
  {
    sub: { type: "string", description: "The member's id" },
    given_name: string,
    family_name: string,
    email: string,
    is_trial: {
      type: ["boolean", "string"],
      description: 'A boolean here; "true"/"false" text from older identity providers',
    },
    "custom:is_vip": { type: "string", const: "true" },
    entitlements: { type: "string", description: 'A JSON text list, e.g. ["digital"]' },
    unentitled_status: { type: "string", const: "previously_entitled" },
    is_paused: { type: "string", const: "true" },
    payment_due: { type: "string", const: "true", description: "a renewal failed: the member should update the card" },
    payment_confirm: {
      type: "string",
      const: "true",
      description: "the failed renewal waits for the member's authentication: the confirm page completes it",
    },
  },
  ["sub", "given_name", "family_name", "email", "is_trial", "entitlements"],
);

export async function identityRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  app.get(
    "/v1/attribute/claims",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["identity"],
        summary: "The member's claims (spec section 3)",
        security: memberSecurity,
        response: { 200: claimsAnswer },
      },
    },
    async (request) => {
      const { id } = memberOf(request);
      const user = await ctx.db
        .selectFrom("users")
        .select(["id", "email", "given_name", "family_name"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!user) throw unauthorized();
      return claimsOf(user, await ctx.entitlements(ctx.db, id));
    },
  );

  app.get(
    "/v1/workplaces",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["identity"],
        summary: "Where the account works: at a studio location (/studio) and its company role (/admin), if any",
        security: memberSecurity,
        response: {
          200: exactObject({
            studio: { type: "boolean", description: "staff or owner of at least one location" },
            console_role: { type: ["string", "null"], enum: [...OPERATOR_ROLES, null] },
          }),
        },
      },
    },
    async (request) => {
      const { id } = memberOf(request);
      const [locations, role] = await Promise.all([
        app.services.studioAccess.locations(id),
        app.services.operatorAccess.roleOf(id),
      ]);
      return { studio: locations.length > 0, console_role: role ?? null };
    },
  );

  app.get(
    "/v1/attribute/profile",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["identity"],
        summary: "The member's profile: names, email, birthday and phone",
        security: memberSecurity,
        response: { 200: profileSchema },
      },
    },
    async (request) => readProfile(ctx.db, memberOf(request).id),
  );

  app.put(
    "/v1/attribute/profile",
    {
      onRequest: app.requireMember,
      preValidation: rejectUnstorableText,
      schema: {
        tags: ["identity"],
        summary: "Change the profile (partial; the claims show new names at once); answers the whole profile",
        security: memberSecurity,
        body: profileChangeSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => changeProfile(ctx.db, ctx.clock, memberOf(request).id, request.body),
  );

  app.post(
    "/v2/sso/deactivate",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["identity"],
        summary: "Deactivate the account; it can no longer sign in",
        security: memberSecurity,
        body: noBody,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await ctx.auth.deactivate(memberOf(request).id);
      return { success: true as const };
    },
  );
}
