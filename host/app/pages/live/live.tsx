import "../../../../widgets/live-schedule/define.js";
import { useEffect } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { css } from "goober";
import { t } from "../../../../src/i18n/index.js";
import { TAGS } from "../../../../widgets/constants.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { useSession } from "../../lib/session.js";
import { Widget } from "../../lib/widget.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { ButtonLink } from "../../ui/button.js";
import { Page, PageHeader, lead, sectionTitle, stack } from "../../ui/page.js";

const studios = css`display: grid; gap: ${space[3]}px; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); list-style: none; margin: 0; padding: 0;
  a { display: grid; gap: 4px; padding: ${space[4]}px; min-height: 96px; background: ${color.surface}; border: 1px solid ${color.line}; border-radius: ${radius.md}px; text-decoration: none; }
  a:hover { border-color: ${color.ink}; } strong { font-size: ${text.lg}px; } span { color: ${color.muted}; font-size: ${text.sm}px; }`;

const bar = css`display: flex; flex-wrap: wrap; gap: ${space[3]}px; align-items: center; justify-content: space-between;`;
const picker = css`display: flex; flex-wrap: wrap; gap: ${space[2]}px;
  button { min-height: 44px; padding: 0 ${space[4]}px; border-radius: ${radius.pill}px; border: 1.5px solid ${color.line}; background: ${color.surface}; font-weight: 700; font-size: ${text.sm}px; cursor: pointer; }
  button:hover { border-color: ${color.ink}; } button[aria-pressed="true"] { background: ${color.ink}; border-color: ${color.ink}; color: #fff; }`;

/**
 * /live: the live virtual studio (title, description, its week of classes on <fit-live-schedule> with booking in
 * place and the next booked class on top); `?location=` switches the schedule to a studio. Then the studio locations.
 */
export default function LivePage() {
  const store = useStore();
  const { signedIn } = useSession();
  const locations = useSignal(store.live.locations.data);
  useEffect(() => void store.live.locations.load(), [store]);
  const live = locations?.find((l) => l.kind === "virtual");
  const [, navigate] = useLocation();
  const asked = new URLSearchParams(useSearch()).get("location");
  const shown = locations?.find((l) => l.slug === asked) ?? live;
  const pick = (slug: string) =>
    navigate(slug === live?.slug ? "/live" : `/live?location=${encodeURIComponent(slug)}`, { replace: true });
  return (
    <Page>
      <PageHeader kicker={t("live.kicker")} title={live?.name ?? t("live.title")}>
        {typeof live?.description === "string" ? live.description : t("live.lead")}
      </PageHeader>
      <div className={stack(space[7])}>
        <div className={stack(space[4])}>
          <div className={bar}>
            <div role="group" aria-label={t("live.locationPicker")} className={picker}>
              {[live, ...(locations ?? []).filter((l) => l.kind === "studio")]
                .filter((l) => !!l)
                .map((l) => (
                  <button key={l.id} type="button" aria-pressed={l.id === shown?.id} onClick={() => pick(l.slug)}>
                    {l.name}
                  </button>
                ))}
            </div>
            {signedIn ? (
              <ButtonLink href="/live/booked-classes" variant="secondary">
                {t("booked.title")}
              </ButtonLink>
            ) : null}
          </div>
          {shown && shown.kind === "studio" ? (
            <p className={lead}>
              {typeof shown.address === "string" ? shown.address : null} ·{" "}
              <Link href={`/locations/${shown.slug}`}>{t("locations.title")}</Link>
            </p>
          ) : null}
          <Widget
            key={shown?.slug ?? "live"}
            tag={TAGS.liveSchedule}
            props={{ store }}
            attrs={{ location: shown?.slug ?? "live", booking: signedIn ? "direct" : "auto" }}
          />
        </div>
        <section className={stack(space[3])} aria-labelledby="studios-title">
          <h2 id="studios-title" className={sectionTitle}>
            {t("live.studiosTitle")}
          </h2>
          <p className={lead}>{t("live.studiosLead")}</p>
          <ul className={studios}>
            {(locations ?? [])
              .filter((l) => l.kind === "studio")
              .map((l) => (
                <li key={l.id}>
                  <Link href={`/locations/${l.slug}`}>
                    <strong>{l.name}</strong>
                    {typeof l.address === "string" && l.address ? <span>{l.address}</span> : null}
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      </div>
    </Page>
  );
}
