import { useEffect, useState, type ReactNode } from "react";
import { css } from "goober";
import { Link, useLocation, useSearch } from "wouter";
import { ApiError } from "../../../../src/api/index.js";
import { t, type MessageKey } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { ButtonLink } from "../../ui/button.js";
import { EmptyState, Page, PageHeader, Spinner } from "../../ui/page.js";
import { getStaffMe, type StaffLocation } from "../../../../src/api/index.js";

const bar = css`display: flex; flex-wrap: wrap; gap: ${space[3]}px; align-items: end; justify-content: space-between; margin-bottom: ${space[5]}px;
  nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: ${space[2]}px; margin: 0; padding: 0; }
  nav a { display: inline-flex; align-items: center; min-height: 44px; padding: 0 16px; border-radius: ${radius.pill}px; border: 1.5px solid ${color.line}; font-weight: 700; text-decoration: none; color: ${color.ink}; }
  nav a[aria-current="page"] { background: ${color.ink}; color: #fff; border-color: ${color.ink}; }
  label { display: grid; gap: 4px; font-size: ${text.sm}px; font-weight: 600; }
  select { min-height: 44px; border-radius: ${radius.sm}px; border: 1.5px solid ${color.line}; padding: 0 12px; font-size: ${text.md}px; background: ${color.surface}; }`;

export type StudioSection = "week" | "numbers" | "settings" | "roster";

/** `/studio…?location=slug`: the same location as the current page. */
export const studioHref = (path: string, location: StaffLocation) =>
  `${path}?location=${encodeURIComponent(location.slug)}`;

/**
 * The frame of every /studio page: the route gate (signed-in staff and owners only; anyone else sees a clear
 * not-allowed page), the location switcher for owners (the location is in the query, so a link keeps it), and the
 * section navigation. The page draws itself for the chosen location.
 */
export function StudioFrame({
  section,
  title,
  children,
}: {
  section: StudioSection;
  title: string;
  children: (location: StaffLocation) => ReactNode;
}) {
  const store = useStore();
  const [locations, setLocations] = useState<StaffLocation[] | undefined>();
  const [failed, setFailed] = useState(false);
  const [path, navigate] = useLocation();
  const asked = new URLSearchParams(useSearch()).get("location");
  useEffect(() => {
    const abort = new AbortController();
    getStaffMe(store.api).then(
      (me) => !abort.signal.aborted && setLocations(me.locations),
      (e: unknown) =>
        !abort.signal.aborted && (e instanceof ApiError && e.status === 403 ? setLocations([]) : setFailed(true)),
    );
    return () => abort.abort();
  }, [store]);

  if (failed) {
    return (
      <Page>
        <p role="alert">{t("studioAdmin.loadFailed")}</p>
      </Page>
    );
  }
  if (!locations) return <Spinner />;
  if (!locations.length) {
    return (
      <Page narrow>
        <PageHeader kicker={t("studioAdmin.kicker")} title={t("studioAdmin.notAllowedTitle")}>
          {t("studioAdmin.notAllowedLead")}
        </PageHeader>
        <EmptyState title={t("studioAdmin.notAllowedTitle")}>
          <ButtonLink href="/live">{t("studioAdmin.toSchedule")}</ButtonLink>
        </EmptyState>
      </Page>
    );
  }
  const location = asked ? locations.find((l) => l.slug === asked || l.id === asked) : locations[0];
  if (!location) {
    // Another location's area (the API answers 403 for it): said so, not silently replaced by the staff's own.
    const own = locations[0]!; // non-empty
    return (
      <Page narrow>
        <PageHeader kicker={t("studioAdmin.kicker")} title={t("studioAdmin.notYourLocationTitle")}>
          <span role="alert">{t("studioAdmin.refusal.notYourLocation")}</span>
        </PageHeader>
        <EmptyState title={t("studioAdmin.notYourLocationTitle")}>
          <ButtonLink href={studioHref("/studio", own)}>
            {t("studioAdmin.toOwnLocation", { location: own.name })}
          </ButtonLink>
        </EmptyState>
      </Page>
    );
  }
  const sections: [StudioSection, string, string][] = [
    ["week", "/studio", t("studioAdmin.nav.week")],
    ["numbers", "/studio/numbers", t("studioAdmin.nav.numbers")],
    ["settings", "/studio/settings", t("studioAdmin.nav.settings")],
  ];
  return (
    <Page>
      <PageHeader kicker={t("studioAdmin.kicker")} title={title}>
        {t("studioAdmin.lead", { location: location.name, zone: location.time_zone })}
      </PageHeader>
      <div className={bar}>
        <nav aria-label={t("studioAdmin.nav.label")}>
          <ul>
            {sections.map(([key, href, label]) => (
              <li key={key}>
                <Link href={studioHref(href, location)} aria-current={section === key ? "page" : undefined}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {locations.length > 1 ? (
          <label>
            {t("studioAdmin.location")}
            <select
              value={location.slug}
              onChange={(e) =>
                navigate(`${section === "roster" ? "/studio" : path}?location=${encodeURIComponent(e.target.value)}`)
              }
            >
              {locations.map((l) => (
                <option key={l.id} value={l.slug}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <p>
            <strong>{location.name}</strong> ·{" "}
            {location.role === "owner" ? t("studioAdmin.role.owner") : t("studioAdmin.role.staff")}
          </p>
        )}
      </div>
      {children(location)}
    </Page>
  );
}

/**
 * The staff API's refusals (host/server/services/studio-*.ts) by their code (docs/api.md), shown in the app's
 * language with the values the server names (an overlapping class, a capacity below the booked).
 */
const REFUSALS: Readonly<Record<string, MessageKey>> = {
  not_staff: "studioAdmin.refusal.notStaff",
  not_your_location: "studioAdmin.refusal.notYourLocation",
  owner_only: "studioAdmin.refusal.ownerOnly",
  location_not_found: "studioAdmin.refusal.locationNotFound",
  class_not_found: "studioAdmin.refusal.classNotFound",
  template_not_found: "studioAdmin.refusal.templateNotFound",
  reservation_not_found: "studioAdmin.refusal.reservationNotFound",
  reservation_cancelled: "studioAdmin.refusal.reservationCancelled",
  class_cancelled: "studioAdmin.refusal.classCancelled",
  check_in_not_open: "studioAdmin.refusal.checkInOpens",
  checked_in: "studioAdmin.refusal.checkedInNotNoShow",
  class_not_ended: "studioAdmin.refusal.noShowAfterEnd",
  class_time_locked: "studioAdmin.refusal.timeLocked",
  end_before_start: "studioAdmin.refusal.endAfterStart",
  start_in_past: "studioAdmin.refusal.startInPast",
  class_length: "studioAdmin.refusal.length",
  class_started: "studioAdmin.refusal.started",
  capacity_below_booked: "studioAdmin.refusal.capacityBelowBooked",
  class_overlaps: "studioAdmin.refusal.overlaps",
};

/** The message of a failed staff call: the server's sentence (written for staff), in the app's language if known. */
export function failureMessage(e: unknown): string {
  if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.message && !e.message.includes(" answered ")) {
    const key = e.code && REFUSALS[e.code];
    return key ? t(key, e.values) : e.message;
  }
  return t("studioAdmin.failed");
}
