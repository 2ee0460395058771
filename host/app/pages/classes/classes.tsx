import "../../../../widgets/workout-search/define.js";
import { useEffect } from "react";
import { useLocation, useParams, useSearch } from "wouter";
import { css } from "goober";
import { TAGS, EVENTS } from "../../../../widgets/constants.js";
import { filterPayload } from "../../../../src/domain/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { useSession } from "../../lib/session.js";
import { useAnalytics } from "../../lib/analytics.js";
import { Widget } from "../../lib/widget.js";
import { bp, space, up } from "../../theme/tokens.js";
import { ButtonLink } from "../../ui/button.js";
import { Page, PageHeader } from "../../ui/page.js";
import { t } from "../../../../src/i18n/index.js";

/** The all-workouts category uses the bare /classes path (spec §2). */
const ALL = new Set(["all", "all-classes", "all workouts", "all-workouts"]);

/** Query keys the page keeps in the URL besides the widget's filter keys. */
const OWN_KEYS = ["q", "sort", "from"];

const head = css`display: grid; gap: ${space[3]}px; ${up(bp.md)} { grid-template-columns: 1fr auto; align-items: end; }`;

/**
 * The library (/classes, /classes/categories/{slug}, ?favorites, ?from=all_time_stats) on <fit-workout-search>.
 * The URL is the source of truth: the widget's changes push a new URL, and back/forward re-render the widget with
 * the filters of that URL.
 */
export default function ClassesPage() {
  const store = useStore();
  const analytics = useAnalytics();
  const session = useSession();
  const params = useParams<{ category?: string }>(); // /classes has no category
  const search = useSearch();
  const [, navigate] = useLocation();
  const categories = useSignal(store.catalogue.categories.data);
  useEffect(() => void store.catalogue.categories.load(), [store]);

  const category = params.category ?? "all";
  const query = new URLSearchParams(search);
  const fromStats = query.get("from") === "all_time_stats";
  const filterQuery = new URLSearchParams(search);
  for (const key of OWN_KEYS) filterQuery.delete(key);
  // Coming from the all-time stats shows the member's completed classes.
  if (fromStats && session.signedIn) filterQuery.set("watched", "true");
  const favourites = filterQuery.get("favorites") === "true";
  const info = categories?.find((c) => c.slug === category) ?? categories?.[0];
  const base = ALL.has(category) ? "/classes" : `/classes/categories/${encodeURIComponent(category)}`;
  const suffix = search ? `?${search}` : "";

  const title = fromStats
    ? t("classes.completedTitle")
    : favourites
      ? t("classes.favoritesTitle")
      : (info?.name ?? t("classes.kicker"));
  const description = fromStats
    ? t("classes.completedLead")
    : favourites
      ? t("classes.favoritesLead")
      : info?.description;

  const onChange = (e: CustomEvent<{ category: string; filters: string; keywords: string; sort: string }>) => {
    const d = e.detail;
    const next = new URLSearchParams(d.filters);
    if (fromStats) next.delete("watched");
    if (d.keywords) next.set("q", d.keywords);
    if (d.sort && d.sort !== "newest") next.set("sort", d.sort);
    if (fromStats) next.set("from", "all_time_stats");
    const path =
      !d.category || ALL.has(d.category) ? "/classes" : `/classes/categories/${encodeURIComponent(d.category)}`;
    const target = next.toString() ? `${path}?${next}` : path;
    // Compared with the list beneath any open pane: the widget re-announcing the same filters must not close it.
    if (target !== `${base}${suffix}`) navigate(target);
    analytics.track(
      "Filter Applied",
      filterPayload(d.category || "all", d.sort || "newest", Object.fromEntries(new URLSearchParams(d.filters))),
    );
  };

  const onSelect = (e: CustomEvent<{ slug: string }>) => {
    e.preventDefault();
    navigate(`${base}/detail/${encodeURIComponent(e.detail.slug)}${suffix}`);
  };

  return (
    <Page>
      <div className={head}>
        <PageHeader kicker={t("classes.kicker")} title={title}>
          {description}
        </PageHeader>
        {session.signedIn ? (
          <ButtonLink
            href="/classes/manage-workouts"
            variant="secondary"
            style={{ marginBottom: space[5], justifySelf: "start" }}
          >
            {t("classes.manageWorkouts")}
          </ButtonLink>
        ) : null}
      </div>
      <Widget
        tag={TAGS.workoutSearch}
        props={{ store }}
        attrs={{
          category: ALL.has(category) ? "all" : category,
          filters: filterQuery.toString(),
          keywords: query.get("q") ?? "",
          sort: query.get("sort") ?? "newest",
          "page-size": 24,
          "detail-href": `${base}/detail/{slug}${suffix}`,
          "app-url": window.location.origin,
        }}
        on={{
          [EVENTS.filtersChange]: onChange as (e: CustomEvent) => void,
          [EVENTS.workoutSelect]: onSelect as (e: CustomEvent) => void,
        }}
      />
    </Page>
  );
}
