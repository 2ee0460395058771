import { useEffect } from "react";
import { useLocation, useSearch } from "wouter";
import { useAnalytics } from "../lib/analytics.js";

/**
 * The page-view tracker, drawn beside each route's page: sets the document title and sends the page view (the path
 * with its query) once the page has rendered, i.e. on every completed route change, the detail pane's included.
 */
export function PageView({ title }: { title: string }) {
  const analytics = useAnalytics();
  const [location] = useLocation();
  const search = useSearch();
  const path = search ? `${location}?${search}` : location;
  useEffect(() => {
    document.title = title === "fitkit" ? "fitkit" : `${title} | fitkit`;
    analytics.routeChanged(path, title);
  }, [path, title, analytics]);
  return null;
}
