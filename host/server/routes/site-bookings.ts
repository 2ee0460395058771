import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { BOOKINGS_PASS_SECONDS, signBookingsPass, verifyBookingsPass } from "../auth/bookings-pass.js";
import { forbidden, HttpError } from "../errors.js";
import { errorSchema, exactObject, memberSecurity, pageOf, ref } from "../schemas.js";
import { Reservation } from "../services/live-classes.js";
import { typed } from "./typed.js";

const passSchema = exactObject({
  token: { type: "string", description: "send as `Authorization: Bearer …` to GET /studios/site-bookings" },
  expires_at: { type: "string", format: "date-time" },
});

/**
 * Issue 32 item 1: a member who booked on a studio's own site sees their bookings there when they come back. The hosted
 * app's booking popup (signed in, on the app's origin) asks for a bookings pass for the site that opened it and hands
 * it over by postMessage; the site's schedule reads the member's upcoming bookings with it from that origin only. Which
 * sites may be given one: FITKIT_ALLOWED_ORIGINS, and outside production any web origin (docs/embedding.md).
 */
export async function siteBookingsRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const { reservations } = app.services;
  const listed = new Set(ctx.config.allowedOrigins.map((o) => new URL(o).origin));
  const mayHoldPass = (origin: string) =>
    listed.has(origin) || (!ctx.config.production && /^https?:\/\/[^/]+$/.test(origin));

  app.post(
    "/site-pass",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["studios"],
        summary: `A pass that lets one site's schedule read the member's upcoming bookings for ${BOOKINGS_PASS_SECONDS / 86_400} days (read only)`,
        security: memberSecurity,
        body: exactObject({ origin: { type: "string", minLength: 1, maxLength: 200, format: "uri" } }),
        response: { 200: passSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const origin = request.body.origin;
      if (!mayHoldPass(origin))
        throw forbidden("This site may not show members’ bookings: it is not in FITKIT_ALLOWED_ORIGINS.");
      const member = memberOf(request);
      const user = await ctx.db
        .selectFrom("users")
        .select("token_version")
        .where("id", "=", member.id)
        .executeTakeFirstOrThrow();
      return signBookingsPass(ctx.keys, ctx.clock, { sub: member.id, ver: user.token_version, origin });
    },
  );

  app.get(
    "/site-bookings",
    {
      schema: {
        tags: ["studios"],
        summary:
          "The member's upcoming bookings, read by a site's schedule with its bookings pass (Authorization: Bearer <pass>) from the origin the pass names; without video-call links",
        security: memberSecurity,
        response: { 200: pageOf(ref(Reservation)), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const token = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(request.headers.authorization ?? "")?.[1];
      const pass = token ? await verifyBookingsPass(ctx.keys, ctx.clock, token) : undefined;
      // A pass is good only from the site it was handed to, and only while the member's sessions are (a password
      // change or "sign out everywhere" ends it).
      if (!pass || request.headers.origin !== pass.origin || !(await ctx.tokenVersions.isCurrent(pass.sub, pass.ver)))
        throw new HttpError(401, "Unauthorized");
      const page = await reservations.list(pass.sub, { history: false, limit: 100, skip: 0 });
      // Call links stay in the hosted app: the site shows the booking, the member joins from the app.
      return { ...page, items: page.items.map((r) => ({ ...r, class_data: { ...r.class_data, zoom_link: null } })) };
    },
  );
}
