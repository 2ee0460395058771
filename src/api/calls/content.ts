import { call, type ApiClient } from "../client.js";
import type { ContentAnswer, ContentKey } from "../types.js";

type S = AbortSignal | undefined;
/** Content routes answer editor-defined JSON (the contract says `unknown`): the caller names the shape it expects. */
const content = (answer: Promise<unknown>) => answer as Promise<ContentAnswer>;

export const getConfig = (c: ApiClient, signal?: S) => call(c, "get", "/config.json", { signal });
export const getAssets = (c: ApiClient, tags: string, signal?: S) =>
  content(call(c, "get", "/tsapi/assets", { query: { tags }, signal }));
export const getDynamicContent = (c: ApiClient, filter: ContentKey, contains?: string, signal?: S) =>
  content(call(c, "get", "/tsapi/dynamic_content", { query: { filter, contains }, signal }));
/** `distinct`: each category or collection row leaves out the carousels' workouts and those of the rows above it. */
export const getHomePage = (c: ApiClient, q: HomePageQuery = {}, signal?: S) =>
  content(call(c, "get", "/tsapi/home_page", { query: { include: 4, ...q }, signal }));
type HomePageQuery = { id?: string; slug?: string; include?: 2 | 4; distinct?: boolean };
export const getContentPage = (c: ApiClient, slug?: string, signal?: S) =>
  content(call(c, "get", "/tsapi/content/page", { query: { slug }, signal }));
export const getAnnouncementBanner = (c: ApiClient, signal?: S) =>
  content(call(c, "get", "/tsapi/announcementBanner", { signal }));
export const getCarousels = (c: ApiClient, signal?: S) => content(call(c, "get", "/tsapi/carousels", { signal }));
/** The subresource-integrity hash of every shipped widget file (`esm/live-schedule.js` → `sha384-…`). */
// A static file beside the API (dist/widgets/sri.json), not a route of the contract: the transport reads it as is.
export const getWidgetIntegrity = (c: ApiClient, signal?: S) =>
  c.request<Record<string, string>>("/widgets/sri.json", { signal });
