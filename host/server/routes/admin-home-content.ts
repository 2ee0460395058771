import type { FastifyInstance, FastifyRequest } from "fastify";
import { memberOf } from "../context.js";
import { strictObject } from "../schemas.js";
import {
  adminCarouselSchema,
  adminEntrySchema,
  adminHomeRowSchema,
  carouselFieldNames,
  carouselFieldSchemas,
  entryFieldNames,
  entryFieldSchemas,
  entryKeySchema,
  type EntryKey,
  homeRowFieldNames,
  homeRowFieldSchemas,
} from "../services/admin-home-content.js";
import type { Actor } from "../services/operator-access.js";
import { orderedContentRoutes } from "./admin-ordered-content.js";

const entriesQuery = strictObject({ key: entryKeySchema });

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
        answer: adminHomeRowSchema,
        body: strictObject(homeRowFieldSchemas, homeRowFieldNames),
      },
      {
        path: "carousels",
        what: "carousel",
        service: carouselService,
        answer: adminCarouselSchema,
        body: strictObject(carouselFieldSchemas, carouselFieldNames),
      },
      {
        path: "content-entries",
        what: "content entry",
        service: entries,
        answer: adminEntrySchema,
        body: strictObject(entryFieldSchemas, entryFieldNames),
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
