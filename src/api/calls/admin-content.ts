import type { ApiClient } from "../client.js";
import type { RequestBody, ResponseBody } from "../contract.js";
import { enc } from "./path.js";

/** The console's trainers, collections and series (/admin/v1), typed from their route schemas. */
type S = AbortSignal | undefined;

export type AdminTrainer = ResponseBody<"/admin/v1/trainers/{id}", "get">;
export type AdminTrainerFields = RequestBody<"/admin/v1/trainers", "post">;
export type AdminCollection = ResponseBody<"/admin/v1/collections/{id}", "get">;
export type AdminCollectionFields = RequestBody<"/admin/v1/collections", "post">;
export type ContentStatus = AdminTrainer["status"];
export type AdminSeries = ResponseBody<"/admin/v1/series/{id}", "get">;
export type AdminSeriesSummary = ResponseBody<"/admin/v1/series", "get">["items"][number];
export type AdminSeriesFields = RequestBody<"/admin/v1/series", "post">;

/** Trainers and collections: records an editor puts in order. */
export type OrderedKind = "trainers" | "collections";
export type OrderedRecord<K extends OrderedKind> = K extends "trainers" ? AdminTrainer : AdminCollection;
export type OrderedFields<K extends OrderedKind> = K extends "trainers" ? AdminTrainerFields : AdminCollectionFields;

const get = <T>(c: ApiClient, path: string, signal?: S) => c.request<T>(path, { auth: true, signal });
const send = <T>(c: ApiClient, method: "POST" | "PUT", path: string, body?: unknown) =>
  c.request<T>(path, { method, auth: true, ...(body === undefined ? {} : { body }) });

export const getOrdered = <K extends OrderedKind>(c: ApiClient, kind: K, signal?: S) =>
  get<{ items: OrderedRecord<K>[] }>(c, `/admin/v1/${kind}`, signal);
export const createOrdered = <K extends OrderedKind>(c: ApiClient, kind: K, fields: OrderedFields<K>) =>
  send<OrderedRecord<K>>(c, "POST", `/admin/v1/${kind}`, fields);
export const updateOrdered = <K extends OrderedKind>(c: ApiClient, kind: K, id: string, fields: OrderedFields<K>) =>
  send<OrderedRecord<K>>(c, "PUT", `/admin/v1/${kind}/${enc(id)}`, fields);
export const changeOrderedState = <K extends OrderedKind>(
  c: ApiClient,
  kind: K,
  id: string,
  verb: "publish" | "retire",
) => send<OrderedRecord<K>>(c, "POST", `/admin/v1/${kind}/${enc(id)}/${verb}`);
/** One place up or down; answers the whole list in its new order. */
export const moveOrdered = <K extends OrderedKind>(c: ApiClient, kind: K, id: string, direction: "up" | "down") =>
  send<{ items: OrderedRecord<K>[] }>(c, "POST", `/admin/v1/${kind}/${enc(id)}/move`, { direction });

export const getAdminSeriesList = (c: ApiClient, signal?: S) =>
  get<{ items: AdminSeriesSummary[] }>(c, "/admin/v1/series", signal);
export const getAdminSeries = (c: ApiClient, id: string, signal?: S) =>
  get<AdminSeries>(c, `/admin/v1/series/${enc(id)}`, signal);
export const createSeries = (c: ApiClient, fields: AdminSeriesFields) =>
  send<AdminSeries>(c, "POST", "/admin/v1/series", fields);
export const updateSeries = (c: ApiClient, id: string, fields: AdminSeriesFields) =>
  send<AdminSeries>(c, "PUT", `/admin/v1/series/${enc(id)}`, fields);
export const changeSeriesState = (c: ApiClient, id: string, verb: "publish" | "retire") =>
  send<AdminSeries>(c, "POST", `/admin/v1/series/${enc(id)}/${verb}`);

export type AdminBanner = ResponseBody<"/admin/v1/banners/{id}", "get">;
export type AdminBannerFields = RequestBody<"/admin/v1/banners", "post">;
export const getAdminBanners = (c: ApiClient, signal?: S) =>
  get<{ items: AdminBanner[] }>(c, "/admin/v1/banners", signal);
export const createBanner = (c: ApiClient, fields: AdminBannerFields) =>
  send<AdminBanner>(c, "POST", "/admin/v1/banners", fields);
export const updateBanner = (c: ApiClient, id: string, fields: AdminBannerFields) =>
  send<AdminBanner>(c, "PUT", `/admin/v1/banners/${enc(id)}`, fields);
export const changeBannerState = (c: ApiClient, id: string, verb: "publish" | "retire") =>
  send<AdminBanner>(c, "POST", `/admin/v1/banners/${enc(id)}/${verb}`);

/** The members' home page and keyed copy: records an editor puts in order within their list. */
export type AdminHomeRow = ResponseBody<"/admin/v1/home-rows/{id}", "get">;
export type AdminHomeRowFields = RequestBody<"/admin/v1/home-rows", "post">;
export type AdminCarousel = ResponseBody<"/admin/v1/carousels/{id}", "get">;
export type AdminCarouselFields = RequestBody<"/admin/v1/carousels", "post">;
export type AdminEntry = ResponseBody<"/admin/v1/content-entries/{id}", "get">;
export type AdminEntryFields = RequestBody<"/admin/v1/content-entries", "post">;
export type ListedKind = "home-rows" | "carousels" | "content-entries";
export type ListedRecord<K extends ListedKind> = K extends "home-rows"
  ? AdminHomeRow
  : K extends "carousels"
    ? AdminCarousel
    : AdminEntry;
export type ListedFields<K extends ListedKind> = K extends "home-rows"
  ? AdminHomeRowFields
  : K extends "carousels"
    ? AdminCarouselFields
    : AdminEntryFields;

/** Every record of a kind; content entries of one key when `key` is given. */
export const getListed = <K extends ListedKind>(c: ApiClient, kind: K, signal?: S, key?: AdminEntry["key"]) =>
  get<{ items: ListedRecord<K>[] }>(c, `/admin/v1/${kind}${key ? `?key=${enc(key)}` : ""}`, signal);
export const createListed = <K extends ListedKind>(c: ApiClient, kind: K, fields: ListedFields<K>) =>
  send<ListedRecord<K>>(c, "POST", `/admin/v1/${kind}`, fields);
export const updateListed = <K extends ListedKind>(c: ApiClient, kind: K, id: string, fields: ListedFields<K>) =>
  send<ListedRecord<K>>(c, "PUT", `/admin/v1/${kind}/${enc(id)}`, fields);
export const changeListedState = <K extends ListedKind>(
  c: ApiClient,
  kind: K,
  id: string,
  verb: "publish" | "retire",
) => send<ListedRecord<K>>(c, "POST", `/admin/v1/${kind}/${enc(id)}/${verb}`);
/** One place up or down in its list; answers every record of the kind in the new order. */
export const moveListed = <K extends ListedKind>(c: ApiClient, kind: K, id: string, direction: "up" | "down") =>
  send<{ items: ListedRecord<K>[] }>(c, "POST", `/admin/v1/${kind}/${enc(id)}/move`, { direction });

/** Workout calendars: their days in order. */
export type AdminCalendar = ResponseBody<"/admin/v1/calendars/{id}", "get">;
export type AdminCalendarSummary = ResponseBody<"/admin/v1/calendars", "get">["items"][number];
export type AdminCalendarFields = RequestBody<"/admin/v1/calendars", "post">;
export const getAdminCalendars = (c: ApiClient, signal?: S) =>
  get<{ items: AdminCalendarSummary[] }>(c, "/admin/v1/calendars", signal);
export const getAdminCalendar = (c: ApiClient, id: string, signal?: S) =>
  get<AdminCalendar>(c, `/admin/v1/calendars/${enc(id)}`, signal);
export const createCalendar = (c: ApiClient, fields: AdminCalendarFields) =>
  send<AdminCalendar>(c, "POST", "/admin/v1/calendars", fields);
export const updateCalendar = (c: ApiClient, id: string, fields: AdminCalendarFields) =>
  send<AdminCalendar>(c, "PUT", `/admin/v1/calendars/${enc(id)}`, fields);
export const changeCalendarState = (c: ApiClient, id: string, verb: "publish" | "retire") =>
  send<AdminCalendar>(c, "POST", `/admin/v1/calendars/${enc(id)}/${verb}`);
