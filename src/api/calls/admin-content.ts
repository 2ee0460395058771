import { call, type ApiClient } from "../client.js";
import type { RequestBody, ResponseBody } from "../contract.js";

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

const auth = true;
// Trainers and collections share their calls: the contract's trainer paths stand for both (the same shapes).
type OrderedPath<K extends OrderedKind> = K extends "trainers" ? "/admin/v1/trainers" : "/admin/v1/collections";
const listPath = <K extends OrderedKind>(kind: K) => `/admin/v1/${kind}` as OrderedPath<K> as "/admin/v1/trainers";

export const getOrdered = <K extends OrderedKind>(c: ApiClient, kind: K, signal?: S) =>
  call(c, "get", listPath(kind), { auth, signal }) as Promise<{ items: OrderedRecord<K>[] }>;
export const createOrdered = <K extends OrderedKind>(c: ApiClient, kind: K, fields: OrderedFields<K>) =>
  call(c, "post", listPath(kind), { body: fields as AdminTrainerFields, auth }) as Promise<OrderedRecord<K>>;
export const updateOrdered = <K extends OrderedKind>(c: ApiClient, kind: K, id: string, fields: OrderedFields<K>) =>
  call(c, "put", `${listPath(kind)}/{id}`, {
    params: { id },
    body: fields as AdminTrainerFields,
    auth,
  }) as Promise<OrderedRecord<K>>;
export const changeOrderedState = <K extends OrderedKind>(
  c: ApiClient,
  kind: K,
  id: string,
  verb: "publish" | "retire",
) => call(c, "post", `${listPath(kind)}/{id}/${verb}`, { params: { id }, auth }) as Promise<OrderedRecord<K>>;
/** One place up or down; answers the whole list in its new order. */
export const moveOrdered = <K extends OrderedKind>(c: ApiClient, kind: K, id: string, direction: "up" | "down") =>
  call(c, "post", `${listPath(kind)}/{id}/move`, { params: { id }, body: { direction }, auth }) as Promise<{
    items: OrderedRecord<K>[];
  }>;

export const getAdminSeriesList = (c: ApiClient, signal?: S) => call(c, "get", "/admin/v1/series", { auth, signal });
export const getAdminSeries = (c: ApiClient, id: string, signal?: S) =>
  call(c, "get", "/admin/v1/series/{id}", { params: { id }, auth, signal });
export const createSeries = (c: ApiClient, fields: AdminSeriesFields) =>
  call(c, "post", "/admin/v1/series", { body: fields, auth });
export const updateSeries = (c: ApiClient, id: string, fields: AdminSeriesFields) =>
  call(c, "put", "/admin/v1/series/{id}", { params: { id }, body: fields, auth });
export const changeSeriesState = (c: ApiClient, id: string, verb: "publish" | "retire") =>
  call(c, "post", `/admin/v1/series/{id}/${verb}`, { params: { id }, auth });

export type AdminBanner = ResponseBody<"/admin/v1/banners/{id}", "get">;
export type AdminBannerFields = RequestBody<"/admin/v1/banners", "post">;
export const getAdminBanners = (c: ApiClient, signal?: S) => call(c, "get", "/admin/v1/banners", { auth, signal });
export const createBanner = (c: ApiClient, fields: AdminBannerFields) =>
  call(c, "post", "/admin/v1/banners", { body: fields, auth });
export const updateBanner = (c: ApiClient, id: string, fields: AdminBannerFields) =>
  call(c, "put", "/admin/v1/banners/{id}", { params: { id }, body: fields, auth });
export const changeBannerState = (c: ApiClient, id: string, verb: "publish" | "retire") =>
  call(c, "post", `/admin/v1/banners/{id}/${verb}`, { params: { id }, auth });

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

// The three kinds share their calls: the contract's home-row paths stand for all three (the same routes by kind).
const listedPath = <K extends ListedKind>(kind: K) => `/admin/v1/${kind}` as "/admin/v1/home-rows";

/** Every record of a kind; content entries of one key when `key` is given. */
export const getListed = <K extends ListedKind>(c: ApiClient, kind: K, signal?: S, key?: AdminEntry["key"]) =>
  (key
    ? call(c, "get", "/admin/v1/content-entries", { query: { key }, auth, signal })
    : call(c, "get", listedPath(kind), { auth, signal })) as Promise<{ items: ListedRecord<K>[] }>;
export const createListed = <K extends ListedKind>(c: ApiClient, kind: K, fields: ListedFields<K>) =>
  call(c, "post", listedPath(kind), { body: fields as AdminHomeRowFields, auth }) as Promise<ListedRecord<K>>;
export const updateListed = <K extends ListedKind>(c: ApiClient, kind: K, id: string, fields: ListedFields<K>) =>
  call(c, "put", `${listedPath(kind)}/{id}`, {
    params: { id },
    body: fields as AdminHomeRowFields,
    auth,
  }) as Promise<ListedRecord<K>>;
export const changeListedState = <K extends ListedKind>(
  c: ApiClient,
  kind: K,
  id: string,
  verb: "publish" | "retire",
) => call(c, "post", `${listedPath(kind)}/{id}/${verb}`, { params: { id }, auth }) as Promise<ListedRecord<K>>;
/** One place up or down in its list; answers every record of the kind in the new order. */
export const moveListed = <K extends ListedKind>(c: ApiClient, kind: K, id: string, direction: "up" | "down") =>
  call(c, "post", `${listedPath(kind)}/{id}/move`, { params: { id }, body: { direction }, auth }) as Promise<{
    items: ListedRecord<K>[];
  }>;

/** Workout calendars: their days in order. */
export type AdminCalendar = ResponseBody<"/admin/v1/calendars/{id}", "get">;
export type AdminCalendarFields = RequestBody<"/admin/v1/calendars", "post">;
export const getAdminCalendars = (c: ApiClient, signal?: S) => call(c, "get", "/admin/v1/calendars", { auth, signal });
export const getAdminCalendar = (c: ApiClient, id: string, signal?: S) =>
  call(c, "get", "/admin/v1/calendars/{id}", { params: { id }, auth, signal });
export const createCalendar = (c: ApiClient, fields: AdminCalendarFields) =>
  call(c, "post", "/admin/v1/calendars", { body: fields, auth });
export const updateCalendar = (c: ApiClient, id: string, fields: AdminCalendarFields) =>
  call(c, "put", "/admin/v1/calendars/{id}", { params: { id }, body: fields, auth });
export const changeCalendarState = (c: ApiClient, id: string, verb: "publish" | "retire") =>
  call(c, "post", `/admin/v1/calendars/{id}/${verb}`, { params: { id }, auth });
