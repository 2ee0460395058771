// Type tests for the core's public surface (checked by `npm run typecheck`): what must and must not compile.
import type { ApiError, SearchRequest } from "../../src/api/index.js";
import { t } from "../../src/i18n/index.js";
import { t as specT } from "../../src/i18n/spec.js";
import { emptyFilters, searchRequest } from "../../src/domain/index.js";
import type { Store } from "../../src/store/index.js";

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
  store.live.book.run("class-id", { refresh: false }),
  // @ts-expect-error sort is one of the four options
  store.catalogue.update({ sort: "popular" }),
  store.session.signedIn.value satisfies boolean,
  error.status satisfies number,
];
// @ts-expect-error an ApiError's fields are read-only
error.status = 500;
