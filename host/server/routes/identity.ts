import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { memberOf } from "../context.js";
import { unauthorized } from "../errors.js";
import { claimsOf } from "../services/entitlements.js";
import { memberSecurity, successSchema } from "../schemas.js";

export async function identityRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    "/user/v1/attribute/claims",
    { onRequest: app.requireMember, schema: { tags: ["identity"], summary: "The member's claims (spec section 3)", security: memberSecurity } },
    async (request) => {
      const { id } = memberOf(request);
      const user = await ctx.db.selectFrom("users").select(["id", "email", "given_name", "family_name"]).where("id", "=", id).executeTakeFirst();
      if (!user) throw unauthorized();
      return claimsOf(user, await ctx.entitlements(ctx.db, id));
    },
  );

  app.post(
    "/user/v2/sso/deactivate",
    {
      onRequest: app.requireMember,
      schema: { tags: ["identity"], summary: "Deactivate the account; it can no longer sign in", security: memberSecurity, response: { 200: successSchema } },
    },
    async (request) => {
      await ctx.auth.deactivate(memberOf(request).id);
      return { success: true };
    },
  );
}
