import { useEffect } from "react";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { space } from "../../theme/tokens.js";
import { ButtonLink } from "../../ui/button.js";
import { Page, PageHeader, Spinner, sectionTitle, stack } from "../../ui/page.js";
import { SeriesGrid } from "../../ui/series-grid.js";

/** /series: the overview's sections of series, with See All (A-Z). */
export default function SeriesHomePage() {
  const store = useStore();
  const overview = useSignal(store.series.overview.data);
  useEffect(() => void store.series.overview.load(), [store]);
  return (
    <Page>
      <PageHeader kicker="Series" title="Series">{overview?.pageDescription ?? "Step-by-step programs from our trainers, one class at a time."}</PageHeader>
      <div style={{ marginBottom: space[5] }}><ButtonLink href="/series/all-series" variant="secondary">See All</ButtonLink></div>
      {!overview ? <Spinner /> : (
        <div className={stack(space[6])}>
          {overview.seriesCategoriesList.map((section) => (
            <section key={section.slug} className={stack(space[3])} aria-labelledby={`sec-${section.slug}`}>
              <h2 id={`sec-${section.slug}`} className={sectionTitle}>{section.name}</h2>
              <SeriesGrid series={section.series} label={section.name} />
            </section>
          ))}
        </div>
      )}
    </Page>
  );
}
