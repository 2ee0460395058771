import type { ApiClient } from "../client.js";
import type { AppConfig, ContentAnswer, ContentKey } from "../types.js";

type S = AbortSignal | undefined;
const get = <T>(c: ApiClient, path: string, signal: S, query?: Record<string, string | number | boolean | undefined>) =>
  c.request<T>(path, { query, signal });

export const getConfig = (c: ApiClient, signal?: S) => get<AppConfig>(c, "/config.json", signal);
export const getAssets = (c: ApiClient, tags: string, signal?: S) =>
  get<ContentAnswer>(c, "/tsapi/assets", signal, { tags });
export const getDynamicContent = (c: ApiClient, filter: ContentKey, contains?: string, signal?: S) =>
  get<ContentAnswer>(c, "/tsapi/dynamic_content", signal, { filter, contains });
/** `distinct`: each category or collection row leaves out the carousels' workouts and those of the rows above it. */
export const getHomePage = (c: ApiClient, q: HomePageQuery = {}, signal?: S) =>
  get<ContentAnswer>(c, "/tsapi/home_page", signal, { include: 4, ...q });
type HomePageQuery = { id?: string; slug?: string; include?: 2 | 4; distinct?: boolean };
export const getContentPage = (c: ApiClient, slug?: string, signal?: S) =>
  get<ContentAnswer>(c, "/tsapi/content/page", signal, { slug });
export const getAnnouncementBanner = (c: ApiClient, signal?: S) =>
  get<ContentAnswer>(c, "/tsapi/announcementBanner", signal);
export const getCarousels = (c: ApiClient, signal?: S) => get<ContentAnswer>(c, "/tsapi/carousels", signal);
/** The subresource-integrity hash of every shipped widget file (`esm/live-schedule.js` → `sha384-…`). */
export const getWidgetIntegrity = (c: ApiClient, signal?: S) =>
  get<Record<string, string>>(c, "/widgets/sri.json", signal);
