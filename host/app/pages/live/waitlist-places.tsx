import { useCallback, useEffect, useState } from "react";
import { css } from "goober";
import { ApiError } from "../../../../src/api/index.js";
import type { WaitlistEntry } from "../../../../src/api/types.js";
import { getWaitlist, leaveWaitlist } from "../../../../src/api/calls/waitlist.js";
import { ordinal } from "../../../../src/domain/ordinal.js";
import { currentLocale, t } from "../../../../src/i18n/index.js";
import { refusalOf } from "../../../../src/i18n/refusals.js";
import { useStore } from "../../lib/store.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { SuccessNote } from "../../ui/notice.js";

const section = css`display: grid; gap: ${space[3]}px; margin-top: ${space[6]}px;
  h2 { font-size: ${text.lg}px; font-weight: 800; margin: 0; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[3]}px; }
  li { display: flex; flex-wrap: wrap; gap: ${space[3]}px; justify-content: space-between; align-items: center;
    background: ${color.surface}; border: 1px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[4]}px; }
  .when { font-weight: 800; } .place { color: ${color.muted}; font-size: ${text.sm}px; }`;

const whenLabel = (iso: string) =>
  new Date(iso).toLocaleString(currentLocale(), {
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

/**
 * The member's places on full classes' waitlists (issue 18), below their bookings: each class with "2nd on the
 * waitlist" and Leave waitlist. Hidden while the member waits for nothing; a promotion moves the class to the
 * bookings above (both reload after a leave).
 */
export function WaitlistPlaces() {
  const store = useStore();
  const [entries, setEntries] = useState<WaitlistEntry[]>();
  const [notice, setNotice] = useState("");
  const [error, setError] = useState("");
  const [leaving, setLeaving] = useState<string | null>(null);
  const load = useCallback(
    (signal?: AbortSignal) =>
      getWaitlist(store.api, undefined, signal).then(
        (page) => setEntries(page.items.filter((e) => e.status === "waiting")),
        (e: unknown) => {
          if (!signal?.aborted) setError(t("error.unexpected"));
          return e;
        },
      ),
    [store],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  async function leave(entry: WaitlistEntry) {
    setNotice("");
    setError("");
    setLeaving(entry.id);
    try {
      await leaveWaitlist(store.api, entry.id);
      setNotice(t("booked.leftWaitlist"));
    } catch (e) {
      const message = e instanceof ApiError ? (e.body as { message?: unknown } | undefined)?.message : undefined;
      // The server's refusal in the member's language, by its code (as sent when the catalogue does not know it).
      const known = e instanceof ApiError ? refusalOf(e.body, currentLocale()) : undefined;
      setError(known ? t(known.key, known.params) : typeof message === "string" ? message : t("error.unexpected"));
    } finally {
      setLeaving(null);
      await Promise.all([load(), store.invalidate("live.reservations")]);
    }
  }

  if (!entries?.length && !notice && !error) return null;
  return (
    <section className={section} aria-labelledby="waitlist-places">
      <h2 id="waitlist-places">{t("booked.waitlistTitle")}</h2>
      <SuccessNote>{notice}</SuccessNote>
      {error ? <p role="alert">{error}</p> : null}
      {entries?.length ? (
        <ul>
          {entries.map((entry) => (
            <li key={entry.id}>
              <div style={{ display: "grid", gap: space[1] }}>
                <span className="when">{whenLabel(entry.class_data.start_date)}</span>
                <span className="place">
                  {t("booked.waitlistPosition", {
                    position: ordinal(entry.position ?? 1, currentLocale()),
                    type: entry.class_data.type,
                  })}
                </span>
              </div>
              <Button variant="ghost" disabled={leaving === entry.id} onClick={() => void leave(entry)}>
                {t("booked.leaveWaitlist")}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
