/** @jsxImportSource preact */
import { useEffect, useRef, useState } from "preact/hooks";
import type { SortValue, Workout } from "../../src/api/index.js";
import {
  DEFAULT_SORT,
  emptyFilters,
  filtersFromQuery,
  filtersToQuery,
  LIST_FILTER_KEYS,
  MEMBER_FILTER_KEYS,
  SORT_OPTIONS,
  type WorkoutFilterState,
} from "../../src/domain/filters.js";
import { EVENTS } from "./names.js";
import { useCss, useWidget } from "../ui/context.js";
import { say } from "./copy.js";
import { mediaUrl, useWidgetConfig } from "../ui/config.js";
import { Button, EmptyState, ErrorState, LiveRegion, Modal, OfflineNotice, Skeleton } from "../ui/parts.js";
import { lazy } from "../ui/lazy.js";
import { useWorkoutSearch } from "./data.js";
import { searchStyles } from "./styles.js";

export interface WorkoutSearchProps {
  category?: string;
  filters?: string;
  keywords?: string;
  sort?: SortValue;
  pageSize?: number;
  detailHref?: string;
}

const DEFAULT_PAGE_SIZE = 12;

/**
 * The filters dialog loads the first time a visitor opens it, when a search finds nothing, or when a filter is on: its
 * chunk also holds the workouts suggested then and the active filters' chips (each too small for a chunk of their
 * own, and changing the filters is what a member does next). Most visits to the library set no filter.
 */
const filtersDialog = lazy(() => import("./filters-dialog.js"));

/** `<fit-workout-search>`: the workout library with search, categories, filters, sort and paging. */
export function WorkoutSearch(props: WorkoutSearchProps) {
  const css = useCss();
  const { emit } = useWidget();
  const config = useWidgetConfig();
  const data = useWorkoutSearch();
  const s = searchStyles(css);
  const pageSize = props.pageSize && props.pageSize > 0 ? Math.min(props.pageSize, 100) : DEFAULT_PAGE_SIZE;
  const [dialogOpen, setDialogOpen] = useState(false);
  const [typed, setTyped] = useState(props.keywords ?? "");
  const searchBox = useRef<HTMLInputElement>(null);
  const top = useRef<HTMLDivElement>(null);

  // The page's keywords fill the search box when they change, and only then: the categories arriving later must not
  // wipe what the member has typed meanwhile.
  useEffect(() => setTyped(props.keywords ?? ""), [props.keywords]);

  // Avoid filters: the page's own when it names some, else the member's saved ones, read before the first search so
  // the workouts they avoid never flash by.
  const savedAvoid = data.savedAvoid;
  const readingSaved = savedAvoid === undefined;

  // Attributes are the starting point (and win again whenever the page changes them).
  useEffect(() => {
    const query = new URLSearchParams(props.filters);
    if (!query.has("avoid") && readingSaved) return;
    const filters = filtersFromQuery(query);
    if (!query.has("avoid")) filters.avoid = savedAvoid ?? [];
    const keywords = props.keywords ?? "";
    data.apply(
      {
        category: !props.category || props.category === data.categories?.[0]?.slug ? "all" : props.category,
        filters,
        keywords,
        sort: props.sort && SORT_OPTIONS.includes(props.sort) ? props.sort : DEFAULT_SORT,
        equipmentMode: query.get("equipment-mode") === "additional" ? "additional" : "selected",
      },
      pageSize,
    );
  }, [props.category, props.filters, props.keywords, props.sort, pageSize, data.categories?.[0]?.slug, readingSaved]);

  const state = data.state;
  const change = (patch: Partial<typeof state>) => {
    const next = { ...state, ...patch };
    data.apply(next, pageSize);
    if (next.filters.avoid.join() !== state.filters.avoid.join()) data.saveAvoid(next.filters.avoid);
    const query = [filtersToQuery(next.filters), next.equipmentMode === "additional" ? "equipment-mode=additional" : ""]
      .filter(Boolean)
      .join("&");
    emit(EVENTS.filtersChange, { category: next.category, filters: query, keywords: next.keywords, sort: next.sort });
  };
  const setFilters = (filters: WorkoutFilterState) => change({ filters });

  // Typing searches after a short pause; the timer dies with the widget.
  useEffect(() => {
    if (typed === state.keywords) return;
    const timer = setTimeout(() => change({ keywords: typed }), 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const results = data.results;
  // How many filters are on: each list value, each member switch, live recordings, each avoided strain or item.
  const f = state.filters;
  const active =
    LIST_FILTER_KEYS.reduce((n, key) => n + f[key].length, 0) +
    MEMBER_FILTER_KEYS.filter((key) => f[key]).length +
    (f.live === "all" ? 0 : 1) +
    f.avoid.length;
  const keywords = state.keywords.trim();
  const searching = keywords !== "" || active > 0;
  const count = results?.nbHits ?? 0;
  const countText = keywords ? say("search.resultsFor", { count, keywords }) : say("search.results", { count });
  const hasMore = !!results && results.page + 1 < results.nbPages;
  // From the answer itself: the accumulated hits are set a microtask after it lands, and a render between the two
  // must not read "nothing found" (and fetch the suggestions' chunk) for a search that found workouts.
  const empty = !!results && !data.error && results.nbHits === 0 && searching;
  const dialog = filtersDialog.use(dialogOpen || empty || active > 0);
  const Dialog = dialog.module;

  const backToTop = () => {
    top.current?.scrollIntoView({
      behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
    });
    searchBox.current?.focus({ preventScroll: true });
  };

  /** One workout card (the results and the suggestions under "No exact matches"). */
  const card = (w: Workout) => {
    const href = (props.detailHref || `${config.appUrl}/classes/detail/{slug}`)
      .replace("{slug}", encodeURIComponent(w.slug))
      .replace("{id}", encodeURIComponent(w.id));
    const favourite = data.favouriteIds.includes(w.id);
    return (
      <li key={w.id} part="card" class={s.card}>
        <a
          class={s.cardLink}
          href={href}
          onClick={(e) =>
            emit(EVENTS.workoutSelect, { id: w.id, slug: w.slug, name: w.name, href }) || e.preventDefault()
          }
        >
          {w.video.poster_url ? (
            <img
              class={s.poster}
              src={mediaUrl(w.video.poster_url, config.apiBase)}
              alt=""
              loading="lazy"
              width={320}
              height={180}
            />
          ) : (
            <div class={s.poster} aria-hidden="true" />
          )}
          <span class={s.cardName}>{w.name}</span>
          <span class={s.cardMeta}>
            {say("workout.minutes", { minutes: w.duration })}
            {w.trainers[0] ? ` · ${w.trainers.map((t) => t.name).join(", ")}` : ""}
            {w.level ? ` · ${w.level}` : ""}
          </span>
        </a>
        {data.signedIn && (
          <button
            type="button"
            part="favorite"
            class={s.favourite}
            aria-pressed={favourite}
            aria-label={`${say(favourite ? "action.removeFavourite" : "action.addFavourite")}: ${w.name}`}
            onClick={() => data.toggleFavourite(w.id)}
          >
            <span aria-hidden="true">{favourite ? "♥" : "♡"}</span>
          </button>
        )}
      </li>
    );
  };

  return (
    <div class={s.root} ref={top}>
      <OfflineNotice label={say("offline")} />
      <div class={s.searchRow} role="search">
        <label class="fit-sr" for="fit-search">
          {say("search.label")}
        </label>
        <input
          id="fit-search"
          ref={searchBox}
          part="search"
          class={s.search}
          type="search"
          placeholder={say("search.placeholder")}
          value={typed}
          onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
          onKeyDown={(e) => e.key === "Enter" && change({ keywords: typed })}
        />
      </div>

      {data.categories && (
        <div part="tabs" class={s.tabs} role="tablist" aria-label={say("search.categories")}>
          {tabsOf(data.categories).map((c) => (
            <button
              key={c.slug}
              type="button"
              part="tab"
              role="tab"
              class={s.tab}
              aria-selected={state.category === c.slug}
              aria-controls="fit-results"
              onClick={() => change({ category: c.slug })}
            >
              {c.name}
            </button>
          ))}
        </div>
      )}

      <div part="toolbar" class={s.toolbar}>
        <p class={s.count} aria-hidden="true">
          {results ? countText : ""}
        </p>
        <Button aria-haspopup="dialog" onClick={() => setDialogOpen(true)}>
          {active ? say("search.filtersCount", { count: active }) : say("search.filters")}
        </Button>
        <label class={s.sort}>
          <span>{say("search.sort")}</span>
          <select
            value={state.sort}
            onChange={(e) => change({ sort: (e.target as HTMLSelectElement).value as SortValue })}
          >
            {SORT_OPTIONS.map((o) => (
              <option key={o} value={o}>
                {say(`sortMenu.${o}`)}
              </option>
            ))}
          </select>
        </label>
      </div>

      {active > 0 && Dialog && (
        <Dialog.ActiveFilters filters={f} described={data.filterGroups} setFilters={setFilters} />
      )}

      <div id="fit-results" role="tabpanel" aria-busy={data.loading}>
        {data.error ? (
          <ErrorState message={say("error.loading")} retry={data.retry} retryLabel={say("retry")} />
        ) : !results ? (
          <Skeleton label={say("loading")} rows={3} height={96} />
        ) : data.hits.length === 0 ? (
          <EmptyState title={say("search.noExact")}>
            {searching && (
              <>
                <p>{say("search.noExactHint")}</p>
                <Button
                  variant="link"
                  onClick={() => {
                    setTyped("");
                    change({ filters: emptyFilters(), keywords: "" });
                  }}
                >
                  {say("action.clearAll")}
                </Button>
              </>
            )}
          </EmptyState>
        ) : (
          <ul class={s.grid}>{data.hits.map(card)}</ul>
        )}
        {empty && Dialog && (
          <Dialog.Suggestions card={card} grid={s.grid} category={state.category} avoid={state.filters.avoid} />
        )}
        {hasMore && <InfiniteSentinel onVisible={data.loadMore} />}
        <div class={s.paging}>
          {hasMore && (
            <Button part="more" busy={data.loading} onClick={data.loadMore}>
              {say("search.more")}
            </Button>
          )}
          {data.hits.length > pageSize && (
            <Button part="back-to-top" variant="link" onClick={backToTop}>
              {say("action.backToTop")}
            </Button>
          )}
        </div>
      </div>
      <LiveRegion message={results && !data.loading ? countText : ""} />

      <Modal open={dialogOpen} onClose={() => setDialogOpen(false)} title={say("search.filters")} maxWidth={640}>
        {Dialog ? (
          <Dialog.FiltersDialog
            {...{
              css,
              described: data.filterGroups,
              results,
              state,
              signedIn: data.signedIn,
              avoidNotSaved: data.avoidNotSaved,
              change,
              setFilters,
              close: () => setDialogOpen(false),
            }}
          />
        ) : dialog.failed ? (
          <ErrorState message={say("error.loading")} retry={dialog.retry} retryLabel={say("retry")} />
        ) : (
          <Skeleton label={say("loading")} rows={3} height={40} />
        )}
      </Modal>
    </div>
  );
}

/** The category tabs: the API's list, whose first entry is the whole library (shown as the "all" state). */
function tabsOf(categories: { slug: string; name: string }[]) {
  const first = categories.at(0); // the list may be empty
  const rest = categories.slice(1);
  return [{ slug: "all", name: first?.name ?? say("search.all") }, ...rest];
}

/** Loads the next page when the end of the list scrolls into view (the Show more button stays for keyboards). */
function InfiniteSentinel({ onVisible }: { onVisible: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    if (typeof IntersectionObserver === "undefined" || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && callback.current(),
      { rootMargin: "200px" },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, []);
  return <div ref={ref} aria-hidden="true" style={{ height: "1px" }} />;
}
