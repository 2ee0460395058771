// Type tests for the core's public surface (checked by `npm run typecheck`): what must and must not compile.
import type { ApiError, SearchRequest } from "../../src/api/index.js";
import { call, type ApiClient } from "../../src/api/client.js";
import { t } from "../../src/i18n/index.js";
import { t as specT } from "../../src/i18n/spec.js";
import { emptyFilters, searchRequest } from "../../src/domain/index.js";
import {
  catalogueSlice,
  getPageStore,
  liveSlice,
  membershipSlice,
  membershipWrites,
  type Store,
} from "../../src/store/index.js";
import { sessionAccount } from "../../src/store/slices/session.js";

declare const store: Store;
declare const error: ApiError;

export const checks = [
  t("confirm.leaveSeries", { series: "x" }),
  // @ts-expect-error unknown copy keys do not compile
  t("no.such.key"),
  // @ts-expect-error the widgets' catalogue has only the spec's copy
  specT("series.kicker"),
  searchRequest({ filters: emptyFilters() }) satisfies SearchRequest | null,
  // @ts-expect-error filters are required
  searchRequest({}),
  store.live.book.run("class-id"),
  store.invalidate("live.reservations", "series.enrollments"),
  // @ts-expect-error a write invalidates only what the store watches
  store.invalidate("live.everything"),
  // @ts-expect-error sort is one of the five options
  store.catalogue.update({ sort: "random" }),
  store.session.signedIn.value satisfies boolean,
  error.status satisfies number,
];
// @ts-expect-error an ApiError's fields are read-only
error.status = 500;

/** A page store's type has what its caller registered, and nothing else (never run: only type-checked). */
export function pageStoreChecks() {
  const widget = getPageStore({ apiBase: "https://api.fitkit.dev" }, liveSlice);
  const account = getPageStore({ apiBase: "https://api.fitkit.dev" }, liveSlice, sessionAccount);
  const panel = getPageStore({ apiBase: "https://api.fitkit.dev" }, membershipSlice);
  return [
    widget.live.book.run("class-id"),
    widget.session.signedIn.value satisfies boolean,
    // @ts-expect-error a widget that did not register the session's account half cannot sign in
    widget.session.signIn,
    // @ts-expect-error nor read a slice it did not register
    widget.catalogue,
    account.session.signIn.run({ email: "a@b.c", password: "x" }),
    // A slice's needs come with it.
    getPageStore({ apiBase: "https://api.fitkit.dev" }, catalogueSlice).favourites.ids.value satisfies string[],
    // @ts-expect-error the membership flows' writes are there only once registered
    panel.membership.cancel,
    panel.use(membershipWrites).membership.cancel.run("other", "moving"),
  ];
}

/** `call` types a request by the contract's paths (never run: only type-checked). */
export function callChecks(api: ApiClient) {
  return [
    call(api, "get", "/studio-admin/v1/locations/{location}/classes", { params: { location: "x" } }).then(
      (week) => week.items[0]?.room satisfies string | undefined,
    ),
    // @ts-expect-error a path the contract does not have
    call(api, "get", "/no/such/path"),
    // @ts-expect-error a method the path does not answer
    call(api, "delete", "/studio-admin/v1/me"),
    // @ts-expect-error a {name} parameter is required
    call(api, "get", "/studio-admin/v1/classes/{id}/roster", {}),
    // @ts-expect-error and named as the path names it
    call(api, "get", "/studio-admin/v1/classes/{id}/roster", { params: { classId: "x" } }),
    // @ts-expect-error a required body
    call(api, "put", "/studio-admin/v1/classes/{id}/capacity", { params: { id: "x" } }),
    // @ts-expect-error typed as the route's schema
    call(api, "put", "/studio-admin/v1/classes/{id}/capacity", { params: { id: "x" }, body: { capacity: "9" } }),
    // @ts-expect-error a query field the route does not take
    call(api, "get", "/studio-admin/v1/locations/{location}/numbers", { params: { location: "x" }, query: { n: 1 } }),
    // @ts-expect-error the answer is the response schema's
    call(api, "get", "/studio-admin/v1/me").then((me) => me.nothing),
  ];
}
