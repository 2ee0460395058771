import { useEffect } from "react";
import { css } from "goober";
import { t } from "../../../../src/i18n/index.js";
import type { Series } from "../../../../src/api/types.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { color, radius, space, text, touch } from "../../theme/tokens.js";
import { Page, PageHeader, Spinner, stack } from "../../ui/page.js";
import { SeriesCard } from "./series-card.js";

const grid = css`display: grid; gap: ${space[4]}px; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); list-style: none; margin: 0; padding: 0;`;
const letters = css`display: flex; flex-wrap: wrap; gap: ${space[1]}px; list-style: none; margin: 0 0 ${space[5]}px; padding: 0;
  a { display: grid; place-items: center; min-width: ${touch}px; min-height: ${touch}px; border-radius: ${radius.sm}px; font-weight: 800; text-decoration: none; background: ${color.surface}; border: 1px solid ${color.line}; }
  a:hover { border-color: ${color.ink}; }`;
const letterTitle = css`font-size: ${text.xl}px; font-weight: 800; border-bottom: 2px solid ${color.ink}; padding-bottom: ${space[1]}px;`;

const letterOf = (name: string) => (/^[a-z]/i.test(name) ? name[0]!.toUpperCase() : "#");

/** /series/all-series: every series A-Z, grouped by first letter with a letter index. */
export default function AllSeriesPage() {
  const store = useStore();
  const list = useSignal(store.series.list.data);
  const failed = useSignal(store.series.list.error);
  useEffect(() => void store.series.list.load({ limit: 100 }), [store]);
  const sorted = [...(list?.items ?? [])].sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }));
  const groups = new Map<string, Series[]>();
  for (const s of sorted) groups.set(letterOf(s.name), [...(groups.get(letterOf(s.name)) ?? []), s]);
  return (
    <Page>
      <PageHeader kicker={t("series.kicker")} title={t("series.allTitle")}>{t("series.allLead")}</PageHeader>
      {failed && !list ? <p role="alert">{t("error.loading")}</p> : !list ? <Spinner /> : (
        <>
          <nav aria-label={t("series.allTitle")}>
            <ul className={letters}>{[...groups.keys()].map((l) => <li key={l}><a href={`#letter-${l}`} aria-label={t("series.letter", { letter: l })}>{l}</a></li>)}</ul>
          </nav>
          <div className={stack(space[6])}>
            {[...groups.entries()].map(([letter, series]) => (
              <section key={letter} id={`letter-${letter}`} className={stack(space[3])} aria-labelledby={`letter-${letter}-title`}>
                <h2 id={`letter-${letter}-title`} className={letterTitle}>{letter}</h2>
                <ul className={grid}>{series.map((s) => <li key={s.id}><SeriesCard series={s} /></li>)}</ul>
              </section>
            ))}
          </div>
        </>
      )}
    </Page>
  );
}
