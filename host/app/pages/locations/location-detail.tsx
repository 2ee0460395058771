import "../../../../widgets/live-schedule/define.js";
import { useEffect } from "react";
import { useParams } from "wouter";
import { ApiError } from "../../../../src/api/index.js";
import { t } from "../../../../src/i18n/index.js";
import { TAGS } from "../../../../widgets/constants.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { useSession } from "../../lib/session.js";
import { Widget } from "../../lib/widget.js";
import { space } from "../../theme/tokens.js";
import { ButtonLink } from "../../ui/button.js";
import { EmptyState, Page, PageHeader, Spinner, sectionTitle, stack } from "../../ui/page.js";

/**
 * /locations/{slug}: a studio (name, description, address, time zone) and its week of classes with booking. The
 * schedule shows the studio's zone, the one the page names, whatever the visitor's own.
 */
export default function LocationDetailPage() {
  const store = useStore();
  const { signedIn } = useSession();
  const { slug } = useParams<"/locations/:slug">();
  const location = useSignal(store.live.location.data);
  const loadError = useSignal(store.live.location.error);
  useEffect(() => void store.live.location.load(slug), [slug, store]);
  const current = location?.slug === slug || location?.id === slug ? location : undefined;
  if (!current) {
    if (loadError) {
      const missing = loadError instanceof ApiError && loadError.status === 404;
      return (
        <Page>
          <EmptyState title={missing ? t("locations.notFound") : t("error.loading")}>
            <ButtonLink href="/locations">{t("locations.title")}</ButtonLink>
          </EmptyState>
        </Page>
      );
    }
    return (
      <Page>
        <Spinner />
      </Page>
    );
  }
  return (
    <Page>
      <PageHeader kicker={t("locations.kicker")} title={current.name}>
        {typeof current.description === "string" ? current.description : null}
      </PageHeader>
      <div className={stack(space[5])}>
        {typeof current.address === "string" && current.address ? (
          <address style={{ fontStyle: "normal", fontWeight: 700 }}>{current.address}</address>
        ) : null}
        <p>{t("locations.timeZone", { timeZone: current.time_zone })}</p>
        {signedIn ? (
          <div>
            <ButtonLink href="/live/booked-classes" variant="secondary">
              {t("booked.title")}
            </ButtonLink>
          </div>
        ) : null}
        <section className={stack(space[3])} aria-labelledby="schedule-title">
          <h2 id="schedule-title" className={sectionTitle}>
            {t("locations.schedule")}
          </h2>
          <Widget
            tag={TAGS.liveSchedule}
            props={{ store }}
            attrs={{ location: current.slug, booking: signedIn ? "direct" : "auto", "time-zone": current.time_zone }}
          />
        </section>
      </div>
    </Page>
  );
}
