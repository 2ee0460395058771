import "../../../../widgets/series-card/define.js";
import { TAGS } from "../../../../widgets/constants.js";
import type { Series } from "../../../../src/api/types.js";
import { useStore } from "../../lib/store.js";
import { Widget } from "../../lib/widget.js";

/** One series as a <fit-series-card> linking to its page in the app (its join and leave reload the shared list). */
export function SeriesCard({ series }: { series: Pick<Series, "slug"> }) {
  const store = useStore();
  // A positioned box keeps the card's visually hidden text inside the carousel's scroller (no page-wide overflow).
  return (
    <div style={{ position: "relative" }}>
      <Widget
        tag={TAGS.seriesCard}
        props={{ store }}
        attrs={{ series: series.slug, "detail-href": `/series/${series.slug}` }}
      />
    </div>
  );
}
