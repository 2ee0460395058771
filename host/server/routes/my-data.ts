import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { isWrongPassword, passwordGuard } from "../auth/password-guard.js";
import { notFound } from "../errors.js";
import { deletionRequestedSchema } from "../services/account-deletion.js";
import { exportMemberData } from "../services/my-data.js";
import { errorSchema, exactObject, memberSecurity, uuidSchema } from "../schemas.js";
import { sendSerialised, typed } from "./typed.js";

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

/**
 * My data (registered under /user): the member's data export, and the request to delete the account. Cancelling a
 * deletion is a sign-in (POST /api/auth/deletion/cancel, routes/auth.ts): the request signs every device out.
 */
export async function myDataRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const guard = passwordGuard(ctx);
  const deletions = app.services.accountDeletion;

  app.get(
    "/v1/members/:memberId/data-export",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["identity"],
        summary:
          "Download my data: a ZIP of profile.json, workouts.csv, live-classes.csv, payments.csv and bookings.ics " +
          "(only the member's own: another member's answers 404)",
        security: memberSecurity,
        params: exactObject({ memberId: uuidSchema }),
        response: { 200: { type: "string", format: "binary", description: "application/zip" }, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = memberOf(request);
      // Someone else's export is answered exactly like one that does not exist.
      if (request.params.memberId !== id) throw notFound();
      const { filename, archive } = await exportMemberData(
        { db: ctx.db, clock: ctx.clock, publicUrl: ctx.config.publicUrl, entitlements: ctx.entitlements },
        id,
      );
      reply.header("content-disposition", `attachment; filename="${filename}"`).header("cache-control", "no-store");
      const bytes = Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength);
      return sendSerialised(reply, bytes, "application/zip");
    },
  );

  app.post(
    "/v1/deletion",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["identity"],
        summary:
          "Delete my account: confirmed with the password, signs every device out, stops the web membership's " +
          "renewal and erases the account after the grace period unless a sign-in cancels it",
        security: memberSecurity,
        body: exactObject({ password: { type: "string", minLength: 1, maxLength: 256 } }),
        response: {
          200: deletionRequestedSchema,
          400: errorSchema,
          401: errorSchema,
          409: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const answer = await guard(
        request.ip,
        member.email,
        () => deletions.request(member.id, request.body.password),
        isWrongPassword,
      );
      return { success: true as const, ...answer };
    },
  );
}
