import type { ApiClient } from "../client.js";
import type { RequestBody, ResponseBody } from "../contract.js";
import { enc } from "./path.js";

/** The operator console's API (/admin/v1), typed from its route schemas. */
type S = AbortSignal | undefined;

export type ConsoleMe = ResponseBody<"/admin/v1/me", "get">;
export type ConsoleRole = ConsoleMe["role"];
export type Operator = ResponseBody<"/admin/v1/operators", "get">["items"][number];
export type ConsoleVocabulary = ResponseBody<"/admin/v1/vocabulary", "get">;
export type AdminWorkoutPage = ResponseBody<"/admin/v1/workouts", "get">;
export type AdminWorkout = ResponseBody<"/admin/v1/workouts/{id}", "get">;
export type WorkoutStatus = AdminWorkout["status"];
export type AdminWorkoutFields = RequestBody<"/admin/v1/workouts", "post">;
export type AuditEntry = ResponseBody<"/admin/v1/audit", "get">["items"][number];
export interface AuditFilter {
  actor?: string;
  record_type?: string;
  record_id?: string;
  from?: string;
  to?: string;
  before?: number;
  limit?: number;
}

const get = <T>(c: ApiClient, path: string, signal?: S, query?: Record<string, string | number | undefined>) =>
  c.request<T>(path, { auth: true, signal, ...(query ? { query } : {}) });
const send = <T>(c: ApiClient, method: "POST" | "PUT" | "DELETE", path: string, body?: unknown) =>
  c.request<T>(path, { method, auth: true, ...(body === undefined ? {} : { body }) });

/** Where the signed-in account works: a studio location, the company's console (members: neither). */
export type Workplaces = ResponseBody<"/user/v1/workplaces", "get">;
export const getWorkplaces = (c: ApiClient, signal?: S) => get<Workplaces>(c, "/user/v1/workplaces", signal);
export const getConsoleMe = (c: ApiClient, signal?: S) => get<ConsoleMe>(c, "/admin/v1/me", signal);
export const getOperators = (c: ApiClient, signal?: S) => get<{ items: Operator[] }>(c, "/admin/v1/operators", signal);
export const grantRole = (c: ApiClient, email: string, role: ConsoleRole) =>
  send<Operator>(c, "POST", "/admin/v1/operators", { email, role });
export const revokeRole = (c: ApiClient, userId: string) =>
  send<{ success: true }>(c, "DELETE", `/admin/v1/operators/${enc(userId)}`);
export const getConsoleVocabulary = (c: ApiClient, signal?: S) =>
  get<ConsoleVocabulary>(c, "/admin/v1/vocabulary", signal);
export const getAdminWorkouts = (
  c: ApiClient,
  query: { q?: string; status?: WorkoutStatus; offset?: number; limit?: number },
  signal?: S,
) => get<AdminWorkoutPage>(c, "/admin/v1/workouts", signal, query);
export const getAdminWorkout = (c: ApiClient, id: string, signal?: S) =>
  get<AdminWorkout>(c, `/admin/v1/workouts/${enc(id)}`, signal);
export const createWorkout = (c: ApiClient, fields: AdminWorkoutFields) =>
  send<AdminWorkout>(c, "POST", "/admin/v1/workouts", fields);
export const updateWorkout = (c: ApiClient, id: string, fields: AdminWorkoutFields) =>
  send<AdminWorkout>(c, "PUT", `/admin/v1/workouts/${enc(id)}`, fields);
export const scheduleWorkout = (c: ApiClient, id: string, releaseLocal: string, releaseZone: string) =>
  send<AdminWorkout>(c, "POST", `/admin/v1/workouts/${enc(id)}/schedule`, {
    release_local: releaseLocal,
    release_zone: releaseZone,
  });
/** publish, unschedule (back to a draft), archive, restore. */
export const changeWorkoutState = (c: ApiClient, id: string, verb: "publish" | "unschedule" | "archive" | "restore") =>
  send<AdminWorkout>(c, "POST", `/admin/v1/workouts/${enc(id)}/${verb}`);
export const getAudit = (c: ApiClient, filter: AuditFilter, signal?: S) =>
  get<{ items: AuditEntry[] }>(c, "/admin/v1/audit", signal, { ...filter });

/** A member's invoice in the console, with its card and refunds. */
export type MemberPayment = ResponseBody<"/admin/v1/members/{userId}/payments", "get">["items"][number];
export type RefundRequest = RequestBody<"/admin/v1/members/{userId}/invoices/{invoiceId}/refunds", "post">;
export const getMemberPayments = (c: ApiClient, userId: string, signal?: S) =>
  get<{ items: MemberPayment[] }>(c, `/admin/v1/members/${enc(userId)}/payments`, signal);
export const refundPayment = (c: ApiClient, userId: string, invoiceId: string, body: RefundRequest) =>
  send<MemberPayment>(c, "POST", `/admin/v1/members/${enc(userId)}/invoices/${enc(invoiceId)}/refunds`, body);
/** The business's numbers (admins and viewers): one row per week or month, money in minor units. */
export type NumbersReport = ResponseBody<"/admin/v1/numbers", "get">;
export type IntervalNumbers = NumbersReport["intervals"][number];
export type WorkoutNumbersPage = ResponseBody<"/admin/v1/numbers/workouts", "get">;
export type NumbersRange = {
  interval: "week" | "month";
  from?: string | undefined;
  to?: string | undefined;
  zone?: string | undefined;
};
export const getNumbers = (c: ApiClient, range: NumbersRange, signal?: S) =>
  get<NumbersReport>(c, "/admin/v1/numbers", signal, { ...range });
export const getNumbersCsv = (c: ApiClient, range: NumbersRange) =>
  c.request<Blob>("/admin/v1/numbers.csv", { auth: true, responseType: "blob", query: { ...range } });
export const getWorkoutNumbers = (
  c: ApiClient,
  query: NumbersRange & { offset?: number; limit?: number },
  signal?: S,
) => get<WorkoutNumbersPage>(c, "/admin/v1/numbers/workouts", signal, query);
/** What an import did, or in a dry run would do, with each row of a catalogue file, and every problem found. */
export type CatalogueImportReport = ResponseBody<"/admin/v1/catalogue/import", "post">;
export type CatalogueFileFormat = "csv" | "json";
/** The name the export's attachment carries, for the day `at` falls on (UTC, as the server names it). */
export const catalogueFilename = (format: CatalogueFileFormat, at: Date) =>
  `fitkit-catalogue-${at.toISOString().slice(0, 10)}.${format}`;
/** The catalogue as a file to download (every workout in every state). */
export const exportCatalogue = (c: ApiClient, format: CatalogueFileFormat) =>
  c.request<Blob>("/admin/v1/catalogue/export", { auth: true, query: { format }, responseType: "blob" });
/**
 * Sends a catalogue file (its text, as CSV or JSON) to import; `dryRun` only checks it. A real import with a problem
 * fails with a 422 ApiError whose body carries the same report (`importReportOf`).
 */
export const importCatalogue = (c: ApiClient, text: string, format: CatalogueFileFormat, dryRun: boolean) =>
  c.request<CatalogueImportReport>("/admin/v1/catalogue/import", {
    method: "POST",
    auth: true,
    query: { dryRun },
    // A Blob carries its media type as the request's Content-Type.
    body: new Blob([text], { type: format === "csv" ? "text/csv" : "application/json" }),
  });
/** The report a refused import (422) answered with. */
export const importReportOf = (body: unknown): CatalogueImportReport | undefined =>
  (body as { report?: CatalogueImportReport } | undefined)?.report;
/** Products and promo codes (admins change them, viewers read them). */
export type AdminProduct = ResponseBody<"/admin/v1/products", "get">["items"][number];
export type NewAdminProduct = RequestBody<"/admin/v1/products", "post">;
export type PromoCodePage = ResponseBody<"/admin/v1/promo-codes", "get">;
export type PromoCode = PromoCodePage["items"][number];
export type NewPromoCode = RequestBody<"/admin/v1/promo-codes", "post">;
export type NewPromoCampaign = RequestBody<"/admin/v1/promo-codes/campaigns", "post">;
export type PromoCodeRules = RequestBody<"/admin/v1/promo-codes/{code}", "put">;
export const getAdminProducts = (c: ApiClient, signal?: S) =>
  get<{ items: AdminProduct[] }>(c, "/admin/v1/products", signal);
export const createProduct = (c: ApiClient, fields: NewAdminProduct) =>
  send<AdminProduct>(c, "POST", "/admin/v1/products", fields);
export const repriceProduct = (c: ApiClient, sku: string, unitAmount: number, existingFrom: string) =>
  send<AdminProduct>(c, "POST", `/admin/v1/products/${enc(sku)}/reprice`, {
    unit_amount: unitAmount,
    existing_from: existingFrom,
  });
export const retireProduct = (c: ApiClient, sku: string) =>
  send<AdminProduct>(c, "POST", `/admin/v1/products/${enc(sku)}/retire`);
export const getPromoCodes = (
  c: ApiClient,
  query: { q?: string; campaign?: string; offset?: number; limit?: number },
  signal?: S,
) => get<PromoCodePage>(c, "/admin/v1/promo-codes", signal, query);
export const createPromoCode = (c: ApiClient, fields: NewPromoCode) =>
  send<PromoCode>(c, "POST", "/admin/v1/promo-codes", fields);
export const createPromoCampaign = (c: ApiClient, fields: NewPromoCampaign) =>
  send<{ campaign: string; codes: string[] }>(c, "POST", "/admin/v1/promo-codes/campaigns", fields);
export const updatePromoCode = (c: ApiClient, code: string, rules: PromoCodeRules) =>
  send<PromoCode>(c, "PUT", `/admin/v1/promo-codes/${enc(code)}`, rules);
