import * as api from "../../api/index.js";
import type { ContentKey } from "../../api/types.js";
import type { StoreContext } from "../context.js";
import type { SliceDef } from "../store-core.js";
import { createResource } from "../resource.js";

/**
 * Public content: dynamic content per key (coach marks, welcome, FAQ, dynamic), banners, carousels, home, pages,
 * config.
 */
function createContentSlice(ctx: StoreContext) {
  const c = ctx.api;
  const dynamic = (key: ContentKey) =>
    createResource((s, contains?: string) => api.getDynamicContent(c, key, contains, s));
  return {
    coachMark: dynamic("coachMark"),
    welcome: dynamic("welcome"),
    faq: dynamic("faq"),
    dynamic: dynamic("dynamic"),
    banner: createResource((s) => api.getAnnouncementBanner(c, s)),
    carousels: createResource((s) => api.getCarousels(c, s)),
    home: createResource((s, q: Parameters<typeof api.getHomePage>[1] = {}) => api.getHomePage(c, q, s)),
    page: createResource((s, slug?: string) => api.getContentPage(c, slug, s)),
    assets: createResource((s, tags: string) => api.getAssets(c, tags, s)),
    config: createResource((s) => api.getConfig(c, s)),
  };
}
export type ContentSlice = ReturnType<typeof createContentSlice>;

export const contentSlice: SliceDef<"content", ContentSlice> = { name: "content", create: createContentSlice };
