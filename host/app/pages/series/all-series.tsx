import { useEffect } from "react";
import { css } from "goober";
import { t } from "../../../../src/i18n/index.js";
import type { Series } from "../../../../src/api/types.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { color, radius, space, text, touch } from "../../theme/tokens.js";
import { Page, PageHeader, Spinner } from "../../ui/page.js";
import { SeriesCard } from "./series-card.js";

// One grid for every series, A-Z, so a letter with one series does not leave a row of empty columns (the page was a
// single 5,500 px column at 1280 px). Each letter's first card carries the letter; the others keep its height.
const grid = css`display: grid; gap: ${space[5]}px ${space[4]}px; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); list-style: none; margin: 0; padding: 0;
  > li { display: grid; grid-template-rows: auto 1fr; gap: ${space[2]}px; min-width: 0; scroll-margin-top: ${space[6]}px; }`;
const letters = css`display: flex; flex-wrap: wrap; gap: ${space[1]}px; list-style: none; margin: 0 0 ${space[5]}px; padding: 0;
  a { display: grid; place-items: center; min-width: ${touch}px; min-height: ${touch}px; border-radius: ${radius.sm}px; font-weight: 800; text-decoration: none; background: ${color.surface}; border: 1px solid ${color.line}; }
  a:hover { border-color: ${color.ink}; }`;
const letterTitle = css`font-size: ${text.xl}px; font-weight: 800; line-height: 1.2; margin: 0; border-bottom: 2px solid ${color.ink}; padding-bottom: ${space[1]}px;`;
const letterRule = css`border-bottom: 2px solid ${color.line}; align-self: end; min-height: calc(${text.xl}px * 1.2 + ${space[1]}px);`;

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
      <PageHeader kicker={t("series.kicker")} title={t("series.allTitle")}>
        {t("series.allLead")}
      </PageHeader>
      {failed && !list ? (
        <p role="alert">{t("error.loading")}</p>
      ) : !list ? (
        <Spinner />
      ) : (
        <>
          <nav aria-label={t("series.allTitle")}>
            <ul className={letters}>
              {[...groups.keys()].map((l) => (
                <li key={l}>
                  <a href={`#letter-${l}`} aria-label={t("series.letter", { letter: l })}>
                    {l}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <ul className={grid}>
            {[...groups.entries()].flatMap(([letter, series]) =>
              series.map((s, i) => (
                <li key={s.id} id={i === 0 ? `letter-${letter}` : undefined}>
                  {i === 0 ? (
                    <h2 className={letterTitle}>{letter}</h2>
                  ) : (
                    <div className={letterRule} aria-hidden="true" />
                  )}
                  <SeriesCard series={s} />
                </li>
              )),
            )}
          </ul>
        </>
      )}
    </Page>
  );
}
