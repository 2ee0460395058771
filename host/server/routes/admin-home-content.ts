import type { FastifyInstance, FastifyRequest } from "fastify";
import { memberOf } from "../context.js";
import { strictObject } from "../schemas.js";
import { type EntryKey } from "../services/admin-home-content.js";
import { CONTENT_STATUSES } from "../services/content-states.js";
import type { Actor } from "../services/operator-access.js";
import { orderedContentRoutes } from "./admin-ordered-content.js";

const string = { type: "string" } as const;
const status = { type: "string", enum: CONTENT_STATUSES } as const;
/** Text a member reads: no control characters but line breaks in `long` text; `min` 1 also refuses a blank. */
const text = (max: number, min = 0) =>
  ({
    type: "string",
    minLength: min,
    maxLength: max,
    pattern: min ? "^[^\\u0000-\\u001f]*\\S[^\\u0000-\\u001f]*$" : "^[^\\u0000-\\u001f]*$",
  }) as const;
const prose = (max: number) =>
  ({
    type: "string",
    minLength: 1,
    maxLength: max,
    pattern: "^[^\\u0000-\\u0009\\u000b-\\u001f]*\\S[\\s\\S]*$",
  }) as const;
const slug = { type: "string", minLength: 1, maxLength: 100, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" } as const;
const id = { type: "string", minLength: 1, maxLength: 128 } as const;
const listed = {
  id: string,
  status,
  position: {
    type: ["integer", "null"],
    description: "Its place among its list's records in use (1 first); null when retired",
  },
  updated_at: string,
} as const;
const listedRequired = ["id", "status", "position", "updated_at"] as const;

const homeRowFields = {
  title: text(120, 1),
  kind: {
    type: "string",
    enum: ["workouts", "series", "collection", "category", "favorites", "stats"],
    description:
      "What the row shows: workouts or series by id, a collection's or category's newest classes, the member's favourites or stats",
  },
  source: strictObject({
    slug: { ...slug, description: "A category's slug (\"all-classes\": every class) or a collection's" },
    limit: { type: "integer", minimum: 1, maximum: 50, description: "How many classes (12 when not given)" },
    ids: { type: "array", minItems: 1, maxItems: 50, items: id, description: "Workouts or series, in order" },
    featured: { type: "boolean", description: "A series row without ids: the featured series (true) or the others" },
  }),
} as const;
const homeRowNames = ["title", "kind", "source"] as const;
const homeRow = strictObject({ ...homeRowFields, title: string, ...listed }, [...homeRowNames, ...listedRequired]);

const carouselFields = {
  slug,
  title: text(120, 1),
  kind: { type: "string", enum: ["workouts", "series", "collections"] },
  item_ids: { type: "array", maxItems: 50, items: id, description: "What it shows, in order" },
} as const;
const carouselNames = ["slug", "title", "kind", "item_ids"] as const;
const carousel = strictObject({ ...carouselFields, title: string, ...listed }, [...carouselNames, ...listedRequired]);

const entryKey = {
  type: "string",
  enum: ["faq", "welcome", "coachMark", "dynamic"],
  description: "faq: a question and answer; welcome: the welcome screen's lead or steps; coachMark: a tip on a screen",
} as const;
const entryValue = strictObject({
  title: text(120, 1),
  body: prose(2000),
  steps: { type: "array", minItems: 1, maxItems: 10, items: text(200, 1) },
  question: text(300, 1),
  answer: prose(5000),
  text: prose(2000),
});
const entryFields = {
  key: entryKey,
  name: { ...slug, description: "How clients find it (a coach mark by its screen; an FAQ by its topic, challenge-…)" },
  value: entryValue,
} as const;
const entryNames = ["key", "name", "value"] as const;
const entry = strictObject({ ...entryFields, ...listed }, [...entryNames, ...listedRequired]);
const entriesQuery = strictObject({ key: entryKey });

/**
 * The members' home page as the console runs it (/admin/v1): its rows and carousels, and keyed copy (FAQ entries,
 * welcome copy, coach marks). Each is created as a draft last in its list, edited, published and retired (nothing is
 * deleted), and moved one place at a time. Registered inside adminRoutes, so its role check (read for every role,
 * writes for admins and editors) applies.
 */
export async function adminHomeContentRoutes(instance: FastifyInstance) {
  const { homeRows: rows, carousels: carouselService, homeEntries: entries } = instance.services;

  const actor = (request: FastifyRequest): Actor => {
    const member = memberOf(request);
    return { id: member.id, email: member.email };
  };
  orderedContentRoutes(
    instance,
    [
      {
        path: "home-rows",
        what: "home row",
        service: rows,
        answer: homeRow,
        body: strictObject(homeRowFields, homeRowNames),
      },
      {
        path: "carousels",
        what: "carousel",
        service: carouselService,
        answer: carousel,
        body: strictObject(carouselFields, carouselNames),
      },
      {
        path: "content-entries",
        what: "content entry",
        service: entries,
        answer: entry,
        body: strictObject(entryFields, entryNames),
        listing: {
          summary:
            "FAQ entries, welcome copy and coach marks, key by key: those in use in their order, then the retired",
          querystring: entriesQuery,
          list: (query: { key?: EntryKey }) => entries.listKey(query.key),
        },
      },
    ],
    { actor, area: "catalogue" },
  );
}
