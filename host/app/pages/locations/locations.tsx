import { useEffect } from "react";
import { Link } from "wouter";
import { css } from "goober";
import { t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { Page, PageHeader, Spinner } from "../../ui/page.js";

const grid = css`display: grid; gap: ${space[4]}px; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); list-style: none; margin: 0; padding: 0;
  a { display: grid; gap: ${space[2]}px; align-content: start; padding: ${space[5]}px; background: ${color.surface}; border: 1px solid ${color.line}; border-radius: ${radius.lg}px; text-decoration: none; min-height: 190px; }
  a:hover { border-color: ${color.ink}; }
  .kind { font-size: ${text.xs}px; font-weight: 800; letter-spacing: .14em; text-transform: uppercase; color: ${color.accent}; }
  strong { font-size: ${text.xl}px; } .desc { color: ${color.muted}; font-size: ${text.sm}px; } address { font-style: normal; font-size: ${text.sm}px; font-weight: 600; }
  .cta { margin-top: auto; font-weight: 800; font-size: ${text.sm}px; text-decoration: underline; text-underline-offset: 3px; }`;

/** /locations: the studios (each with its schedule page) and the live virtual studio. */
export default function LocationsPage() {
  const store = useStore();
  const locations = useSignal(store.live.locations.data);
  const failed = useSignal(store.live.locations.error);
  useEffect(() => void store.live.locations.load(), [store]);
  const ordered = [...(locations ?? [])].sort((a, b) => Number(a.kind === "virtual") - Number(b.kind === "virtual"));
  return (
    <Page>
      <PageHeader kicker={t("locations.kicker")} title={t("locations.title")}>
        {t("locations.lead")}
      </PageHeader>
      {failed && !locations ? (
        <p role="alert">{t("error.loading")}</p>
      ) : !locations ? (
        <Spinner />
      ) : (
        <ul className={grid}>
          {ordered.map((l) => (
            <li key={l.id}>
              <Link href={l.kind === "virtual" ? "/live" : `/locations/${l.slug}`}>
                <span className="kind">{l.kind === "virtual" ? t("locations.virtual") : t("locations.kicker")}</span>
                <strong>{l.name}</strong>
                {typeof l.description === "string" && l.description ? (
                  <span className="desc">{l.description}</span>
                ) : null}
                {typeof l.address === "string" && l.address ? <address>{l.address}</address> : null}
                <span className="cta" aria-hidden="true">
                  {t("locations.seeSchedule")}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
