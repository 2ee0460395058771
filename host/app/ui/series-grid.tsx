import "../../../widgets/series-card/define.js";
import { css } from "goober";
import { TAGS, EVENTS } from "../../../widgets/constants.js";
import type { Series } from "../../../src/api/types.js";
import { useStore } from "../lib/store.js";
import { Widget } from "../lib/widget.js";
import { space } from "../theme/tokens.js";

const grid = css`display: grid; gap: ${space[4]}px; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); list-style: none; margin: 0; padding: 0;`;

/** Series as <fit-series-card> elements, linking to their pages in the app without a reload. */
export function SeriesGrid({ series, label }: { series: Series[]; label: string }) {
  const store = useStore();
  return (
    <ul className={grid} aria-label={label}>
      {series.map((s) => (
        <li key={s.id}>
          <Widget
            tag={TAGS.seriesCard}
            props={{ store }}
            attrs={{ series: s.slug, "detail-href": `/series/${s.slug}` }}
            on={{
              [EVENTS.seriesJoin]: () => void store.series.enrollments.reload(),
              [EVENTS.seriesLeave]: () => void store.series.enrollments.reload(),
            }}
          />
        </li>
      ))}
    </ul>
  );
}
