import "../../../../widgets/live-schedule/define.js";
import { useEffect } from "react";
import { Link } from "wouter";
import { css } from "goober";
import { t } from "../../../../src/i18n/index.js";
import { TAGS, EVENTS } from "../../../../widgets/constants.js";
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

/**
 * /live: the live virtual studio (title, description, its week of classes on <fit-live-schedule> with booking in
 * place and the next booked class on top), then the studio locations.
 */
export default function LivePage() {
  const store = useStore();
  const { signedIn } = useSession();
  const locations = useSignal(store.content.locations.data);
  useEffect(() => void store.content.locations.load(), [store]);
  const live = locations?.find((l) => l.kind === "virtual");
  const refresh = () => void store.live.reservations.reload();
  return (
    <Page>
      <PageHeader kicker={t("live.kicker")} title={live?.name ?? t("live.title")}>{typeof live?.description === "string" ? live.description : t("live.lead")}</PageHeader>
      <div className={stack(space[7])}>
        <div className={stack(space[4])}>
          {signedIn ? <div><ButtonLink href="/live/booked-classes" variant="secondary">{t("booked.title")}</ButtonLink></div> : null}
          <Widget tag={TAGS.liveSchedule} props={{ store }} attrs={{ location: live?.slug ?? "live", booking: signedIn ? "direct" : "auto" }}
            on={{ [EVENTS.classBook]: refresh, [EVENTS.classCancel]: refresh }} />
        </div>
        <section className={stack(space[3])} aria-labelledby="studios-title">
          <h2 id="studios-title" className={sectionTitle}>{t("live.studiosTitle")}</h2>
          <p className={lead}>{t("live.studiosLead")}</p>
          <ul className={studios}>
            {(locations ?? []).filter((l) => l.kind === "studio").map((l) => (
              <li key={l.id}><Link href={`/locations/${l.slug}`}><strong>{l.name}</strong>{typeof l.address === "string" && l.address ? <span>{l.address}</span> : null}</Link></li>
            ))}
          </ul>
        </section>
      </div>
    </Page>
  );
}
