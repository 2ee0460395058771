import type { ApiClient } from "../client.js";
import { enc } from "./path.js";
import type { AppConfig, Collection, ContentAnswer, ContentKey, Location, Page, WorkoutCategory } from "../types.js";

type S = AbortSignal | undefined;
const get = <T>(c: ApiClient, path: string, signal: S, query?: Record<string, string | number | boolean | undefined>) =>
  c.request<T>(path, { query, signal });

export const getConfig = (c: ApiClient, signal?: S) => get<AppConfig>(c, "/config.json", signal);
export const getAssets = (c: ApiClient, tags: string, signal?: S) => get<ContentAnswer>(c, "/tsapi/assets", signal, { tags });
export const getDynamicContent = (c: ApiClient, filter: ContentKey, contains?: string, signal?: S) =>
  get<ContentAnswer>(c, "/tsapi/dynamic_content", signal, { filter, contains });
export const getHomePage = (c: ApiClient, q: { id?: string; slug?: string; include?: 2 | 4 } = {}, signal?: S) =>
  get<ContentAnswer>(c, "/tsapi/home_page", signal, { include: 4, ...q });
export const getCollections = (c: ApiClient, signal?: S) => get<Page<Collection>>(c, "/tsapi/collections", signal);
export const getCollection = (c: ApiClient, id: string, signal?: S) => get<Collection>(c, `/tsapi/collections/${enc(id)}`, signal);
export const getLocations = (c: ApiClient, signal?: S) => get<Page<Location>>(c, "/tsapi/locations", signal);
export const getLocation = (c: ApiClient, id: string, signal?: S) => get<Location>(c, `/tsapi/locations/${enc(id)}`, signal);
export const getWorkoutCategories = (c: ApiClient, signal?: S) => get<{ items: WorkoutCategory[] }>(c, "/tsapi/workout_categories", signal);
export const getContentPage = (c: ApiClient, slug?: string, signal?: S) => get<ContentAnswer>(c, "/tsapi/content/page", signal, { slug });
export const getAnnouncementBanner = (c: ApiClient, signal?: S) => get<ContentAnswer>(c, "/tsapi/announcementBanner", signal);
export const getCarousels = (c: ApiClient, signal?: S) => get<ContentAnswer>(c, "/tsapi/carousels", signal);
