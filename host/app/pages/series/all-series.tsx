import { useEffect } from "react";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { Page, PageHeader, Spinner } from "../../ui/page.js";
import { SeriesGrid } from "../../ui/series-grid.js";

/** /series/all-series: every series, A-Z. */
export default function AllSeriesPage() {
  const store = useStore();
  const list = useSignal(store.series.list.data);
  useEffect(() => void store.series.list.load({ limit: 100 }), [store]);
  return (
    <Page>
      <PageHeader kicker="Series" title="All Series">Every program, A to Z.</PageHeader>
      {!list ? <Spinner /> : <SeriesGrid series={list.items} label="All series" />}
    </Page>
  );
}
