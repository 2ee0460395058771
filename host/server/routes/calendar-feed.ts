import type { FastifyInstance } from "fastify";
import { memberOf } from "../context.js";
import { errorSchema, exactObject, memberSecurity, noBody, strictObject } from "../schemas.js";
import { assertTimeZone } from "../services/time-range.js";
import { feedSettingsSchema } from "../services/calendar-feed.js";
import { notModified, typed } from "./typed.js";

/** Calendar apps fetch again after this long at most; the answer's ETag makes an unchanged refresh a 304. */
const CACHE_SECONDS = 15 * 60;

/**
 * The member's calendar feed: its settings (the private URL, created on the first read) and rotation, for the member;
 * and the feed itself, public at `/calendar/{secret}.ics` because calendar apps cannot sign in: the secret is the key.
 */
export async function calendarFeedRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const feeds = app.services.calendarFeeds;
  const tags = ["calendar feed"];

  app.get(
    "/v2/user/calendar-feed",
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: "The member's private calendar feed URL (https and webcal), created on the first call",
        security: memberSecurity,
        querystring: strictObject({
          tz: {
            type: "string",
            minLength: 1,
            maxLength: 64,
            description: "the device's IANA time zone: the plan's days are dated in it from now on",
          },
        }),
        response: { 200: feedSettingsSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { tz } = request.query;
      if (tz !== undefined) assertTimeZone(tz);
      return feeds.settings(memberOf(request).id, tz);
    },
  );

  app.post(
    "/v2/user/calendar-feed/rotate",
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: "A new feed URL; the old one answers 404 at once (subscriptions to it stop updating)",
        security: memberSecurity,
        body: noBody,
        response: { 200: feedSettingsSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => feeds.rotate(memberOf(request).id),
  );

  app.get(
    "/calendar/:file",
    {
      schema: {
        tags,
        summary:
          "The feed (iCalendar, RFC 5545) a calendar app subscribes to: public, the secret in the name is the key",
        params: exactObject({ file: { type: "string", description: "{secret}.ics" } }),
        response: {
          200: { type: "string", description: "text/calendar" },
          304: { type: "null", description: "unchanged since the ETag sent in If-None-Match" },
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const feed = await feeds.render(request.params.file);
      reply
        .header("cache-control", `private, max-age=${CACHE_SECONDS}`)
        .header("etag", feed.etag)
        .header("x-robots-tag", "noindex, nofollow");
      if (matches(request.headers["if-none-match"], feed.etag)) return notModified(reply);
      return reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", 'inline; filename="fitkit.ics"')
        .send(feed.body);
    },
  );
}

/** Whether an If-None-Match header names this ETag (a list, weak forms and `*` included: RFC 9110 §13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const given = tag.trim().replace(/^W\//, "");
    return given === "*" || given === etag;
  });
}
