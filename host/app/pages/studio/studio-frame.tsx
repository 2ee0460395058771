import { useEffect, useState, type ReactNode } from "react";
import { css } from "goober";
import { Link, useLocation, useSearch } from "wouter";
import { ApiError } from "../../../../src/api/index.js";
import { t, type MessageKey } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { ButtonLink } from "../../ui/button.js";
import { EmptyState, Page, PageHeader, Spinner } from "../../ui/page.js";
import { staffApi, type StaffLocation } from "./studio-api.js";

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
    staffApi.me(store.api).then(
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
 * The staff API's fixed refusals (host/server/services/studio-*.ts) by their English sentence, shown in the app's
 * language; the ones naming values (an overlapping class, a capacity below the booked) are in REFUSAL_PATTERNS.
 */
const REFUSALS: Record<string, MessageKey> = {
  "You are not studio staff.": "studioAdmin.refusal.notStaff",
  "You are not staff at this location.": "studioAdmin.refusal.notYourLocation",
  "Only an owner of this location can change its booking policy.": "studioAdmin.refusal.ownerOnly",
  "Location not found": "studioAdmin.refusal.locationNotFound",
  "Class not found": "studioAdmin.refusal.classNotFound",
  "Template not found": "studioAdmin.refusal.templateNotFound",
  "Reservation not found on this class": "studioAdmin.refusal.reservationNotFound",
  "This reservation is cancelled.": "studioAdmin.refusal.reservationCancelled",
  "This class has been cancelled.": "studioAdmin.refusal.classCancelled",
  "Check-in opens 15 minutes before the class starts.": "studioAdmin.refusal.checkInOpens",
  "This member checked in, so they cannot be a no-show.": "studioAdmin.refusal.checkedInNotNoShow",
  "No-shows can be marked once the class has ended.": "studioAdmin.refusal.noShowAfterEnd",
  "Members are booked on or waiting for this class, so its time cannot change: cancel it (they are told) and create a new class.":
    "studioAdmin.refusal.timeLocked",
  "end_time must be after start_time": "studioAdmin.refusal.endAfterStart",
  "The class would start in the past: choose a later date or time.": "studioAdmin.refusal.startInPast",
  "A class lasts from 5 minutes to 8 hours.": "studioAdmin.refusal.length",
  "This class has already started.": "studioAdmin.refusal.started",
};

/**
 * The refusals naming values, read back into their values so they show in the app's language too (issue 32: a
 * Spanish or French desk saw them in English).
 */
const REFUSAL_PATTERNS: [RegExp, (m: RegExpMatchArray) => string][] = [
  [
    /^capacity cannot be below the (\d+) members? already booked/,
    (m) => t("studioAdmin.refusal.capacityBelowBooked", { count: m[1]! }),
  ],
  [
    /^This class overlaps (.+) at (\d{1,2}:\d{2}) \((\d+) min(?:, [^)]*)?\) in (.+): choose another time or room\.$/,
    (m) => t("studioAdmin.refusal.overlaps", { classType: m[1]!, time: m[2]!, minutes: m[3]!, room: m[4]! }),
  ],
];

/** The message of a failed staff call: the server's sentence (written for staff), in the app's language if known. */
export function failureMessage(e: unknown): string {
  if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.message && !e.message.includes(" answered ")) {
    const key = REFUSALS[e.message];
    if (key) return t(key);
    for (const [pattern, say] of REFUSAL_PATTERNS) {
      const match = e.message.match(pattern);
      if (match) return say(match);
    }
    return e.message;
  }
  return t("studioAdmin.failed");
}
