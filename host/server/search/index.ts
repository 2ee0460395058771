/** The catalogue search: one live index per server, shared by the route plugins that read workouts. */
import type { AppContext } from "../context.js";
import { createLiveIndex, type LiveIndex } from "./live-index.js";

export { CatalogueIndex, SORTS, SearchInputError, type SearchRequest } from "./catalogue-index.js";
export { FilterSyntaxError } from "./filter-parser.js";
export { type LiveIndex } from "./live-index.js";

const perServer = new WeakMap<AppContext, LiveIndex>();

/**
 * This server's live index: created with the first route plugin that reads workouts, built then or on the first search
 * (config.searchIndexBuild), reported as the "searchIndex" readiness check, closed with the server.
 */
export function catalogueIndex(ctx: AppContext): LiveIndex {
  let live = perServer.get(ctx);
  if (!live) {
    const index = createLiveIndex(ctx.database, {
      buildAtStart: ctx.config.searchIndexBuild === "at-start",
      onError: (error) => console.error("search index:", error),
    });
    ctx.readiness.set("searchIndex", index.ready);
    ctx.onClose(() => index.close());
    perServer.set(ctx, index);
    live = index;
  }
  return live;
}
