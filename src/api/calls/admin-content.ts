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
