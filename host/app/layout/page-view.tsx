import { useEffect } from "react";
import { useLocation, useSearch } from "wouter";
import { useAnalytics } from "../lib/analytics.js";
import { useAppLocale } from "../lib/locale.js";
import { en, t, type MessageKey } from "../../../src/i18n/index.js";

/**
 * The page-view tracker, drawn beside each route's page: sets the document title and sends the page view (the path
 * with its query) once the page has rendered, i.e. on every completed route change, the detail pane's included.
 * The title is in the member's language (and follows a change of language); the page-view name stays English.
 */
export function PageView({ title }: { title: MessageKey }) {
  const analytics = useAnalytics();
  const locale = useAppLocale();
  const [location] = useLocation();
  const search = useSearch();
  const path = search ? `${location}?${search}` : location;
  useEffect(() => {
    // Analytics names the view in English, the same whatever the member's language.
    analytics.routeChanged(path, en[title]);
  }, [path, title, analytics]);
  useEffect(() => {
    document.title = title === "routes.fitkit" ? t(title) : t("routes.documentTitle", { title: t(title) });
  }, [title, locale]);
  return null;
}
