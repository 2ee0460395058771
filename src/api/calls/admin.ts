import { call, callFile, type ApiClient } from "../client.js";
import type { RequestBody, ResponseBody } from "../contract.js";

/** The operator console's API (/admin/v1), typed from its route schemas. */
type S = AbortSignal | undefined;

export type ConsoleMe = ResponseBody<"/admin/v1/me", "get">;
export type ConsoleRole = ConsoleMe["role"];
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

const auth = true;

/** Where the signed-in account works: a studio location, the company's console (members: neither). */
export type Workplaces = ResponseBody<"/user/v1/workplaces", "get">;
export const getWorkplaces = (c: ApiClient, signal?: S) => call(c, "get", "/user/v1/workplaces", { auth, signal });
export const getConsoleMe = (c: ApiClient, signal?: S) => call(c, "get", "/admin/v1/me", { auth, signal });
export const getOperators = (c: ApiClient, signal?: S) => call(c, "get", "/admin/v1/operators", { auth, signal });
export const grantRole = (c: ApiClient, email: string, role: ConsoleRole) =>
  call(c, "post", "/admin/v1/operators", { body: { email, role }, auth });
export const revokeRole = (c: ApiClient, userId: string) =>
  call(c, "delete", "/admin/v1/operators/{id}", { params: { id: userId }, auth });
export const getConsoleVocabulary = (c: ApiClient, signal?: S) =>
  call(c, "get", "/admin/v1/vocabulary", { auth, signal });
export const getAdminWorkouts = (
  c: ApiClient,
  query: { q?: string; status?: WorkoutStatus; offset?: number; limit?: number },
  signal?: S,
) => call(c, "get", "/admin/v1/workouts", { query, auth, signal });
export const getAdminWorkout = (c: ApiClient, id: string, signal?: S) =>
  call(c, "get", "/admin/v1/workouts/{id}", { params: { id }, auth, signal });
export const createWorkout = (c: ApiClient, fields: AdminWorkoutFields) =>
  call(c, "post", "/admin/v1/workouts", { body: fields, auth });
export const updateWorkout = (c: ApiClient, id: string, fields: AdminWorkoutFields) =>
  call(c, "put", "/admin/v1/workouts/{id}", { params: { id }, body: fields, auth });
export const scheduleWorkout = (c: ApiClient, id: string, releaseLocal: string, releaseZone: string) =>
  call(c, "post", "/admin/v1/workouts/{id}/schedule", {
    params: { id },
    body: { release_local: releaseLocal, release_zone: releaseZone },
    auth,
  });
/** publish, unschedule (back to a draft), archive, restore. */
export const changeWorkoutState = (c: ApiClient, id: string, verb: "publish" | "unschedule" | "archive" | "restore") =>
  call(c, "post", `/admin/v1/workouts/{id}/${verb}`, { params: { id }, auth });
export const getAudit = (c: ApiClient, filter: AuditFilter, signal?: S) =>
  call(c, "get", "/admin/v1/audit", { query: filter, auth, signal });

/** A member's invoice in the console, with its card and refunds. */
export type MemberPayment = ResponseBody<"/admin/v1/members/{userId}/payments", "get">["items"][number];
export type RefundRequest = RequestBody<"/admin/v1/members/{userId}/invoices/{invoiceId}/refunds", "post">;
export const getMemberPayments = (c: ApiClient, userId: string, signal?: S) =>
  call(c, "get", "/admin/v1/members/{userId}/payments", { params: { userId }, auth, signal });
export const refundPayment = (c: ApiClient, userId: string, invoiceId: string, body: RefundRequest) =>
  call(c, "post", "/admin/v1/members/{userId}/invoices/{invoiceId}/refunds", {
    params: { userId, invoiceId },
    body,
    auth,
  });
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
  call(c, "get", "/admin/v1/numbers", { query: range, auth, signal });
export const getNumbersCsv = (c: ApiClient, range: NumbersRange) =>
  callFile(c, "get", "/admin/v1/numbers.csv", { query: range, auth });
export const getWorkoutNumbers = (
  c: ApiClient,
  query: NumbersRange & { offset?: number; limit?: number },
  signal?: S,
) => call(c, "get", "/admin/v1/numbers/workouts", { query, auth, signal });
/** What an import did, or in a dry run would do, with each row of a catalogue file, and every problem found. */
export type CatalogueImportReport = ResponseBody<"/admin/v1/catalogue/import", "post">;
export type CatalogueFileFormat = "csv" | "json";
/** The name the export's attachment carries, for the day `at` falls on (UTC, as the server names it). */
export const catalogueFilename = (format: CatalogueFileFormat, at: Date) =>
  `fitkit-catalogue-${at.toISOString().slice(0, 10)}.${format}`;
/** The catalogue as a file to download (every workout in every state). */
export const exportCatalogue = (c: ApiClient, format: CatalogueFileFormat) =>
  callFile(c, "get", "/admin/v1/catalogue/export", { query: { format }, auth });
/**
 * Sends a catalogue file (its text, as CSV or JSON) to import; `dryRun` only checks it. A real import with a problem
 * fails with a 422 ApiError whose body carries the same report (`importReportOf`).
 */
export const importCatalogue = (c: ApiClient, text: string, format: CatalogueFileFormat, dryRun: boolean) =>
  call(c, "post", "/admin/v1/catalogue/import", {
    query: { dryRun },
    // A Blob carries its media type as the request's Content-Type.
    body: new Blob([text], { type: format === "csv" ? "text/csv" : "application/json" }),
    auth,
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
export const getAdminProducts = (c: ApiClient, signal?: S) => call(c, "get", "/admin/v1/products", { auth, signal });
export const createProduct = (c: ApiClient, fields: NewAdminProduct) =>
  call(c, "post", "/admin/v1/products", { body: fields, auth });
export const repriceProduct = (c: ApiClient, sku: string, unitAmount: number, existingFrom: string) =>
  call(c, "post", "/admin/v1/products/{sku}/reprice", {
    params: { sku },
    body: { unit_amount: unitAmount, existing_from: existingFrom },
    auth,
  });
export const retireProduct = (c: ApiClient, sku: string) =>
  call(c, "post", "/admin/v1/products/{sku}/retire", { params: { sku }, auth });
export const getPromoCodes = (
  c: ApiClient,
  query: { q?: string; campaign?: string; offset?: number; limit?: number },
  signal?: S,
) => call(c, "get", "/admin/v1/promo-codes", { query, auth, signal });
export const createPromoCode = (c: ApiClient, fields: NewPromoCode) =>
  call(c, "post", "/admin/v1/promo-codes", { body: fields, auth });
export const createPromoCampaign = (c: ApiClient, fields: NewPromoCampaign) =>
  call(c, "post", "/admin/v1/promo-codes/campaigns", { body: fields, auth });
export const updatePromoCode = (c: ApiClient, code: string, rules: PromoCodeRules) =>
  call(c, "put", "/admin/v1/promo-codes/{code}", { params: { code }, body: rules, auth });
