import { useEffect, useId, useRef, useState } from "react";
import { css } from "goober";
import { getCalendarFeed, isAbort, rotateCalendarFeed, type CalendarFeed } from "../../../../src/api/index.js";
import { t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { Button, buttonClass } from "../../ui/button.js";
import { Field } from "../../ui/field.js";
import { Modal, modalActions } from "../../ui/modal.js";
import { SuccessNote } from "../../ui/notice.js";
import { OopsModal } from "../../ui/oops.js";
import { Spinner } from "../../ui/page.js";

const section = css`display: grid; gap: ${space[3]}px; margin-top: ${space[6]}px; background: ${color.surface};
  border: 1px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[4]}px;
  h2 { font-size: ${text.lg}px; font-weight: 800; margin: 0; } p { margin: 0; }
  .actions { display: flex; flex-wrap: wrap; gap: ${space[2]}px; }
  .subscribe { white-space: normal; text-align: center; line-height: 1.3; padding-top: 8px; padding-bottom: 8px; }`;

/** The zone the device reports (UTC when it reports none Intl can use): the feed dates the plan's days in it. */
function deviceZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    return new Intl.DateTimeFormat(undefined, { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return "UTC";
  }
}

/**
 * The member's calendar feed, on the booked-classes page where "Add to calendar" already is: a webcal link that opens
 * the calendar app to subscribe, the private address with Copy link (announced; selected for a manual copy where the
 * clipboard is refused), and Reset link behind a confirmation saying that subscriptions to the old link stop.
 */
export function CalendarFeedSection() {
  const store = useStore();
  const headingId = useId();
  const [feed, setFeed] = useState<CalendarFeed | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [note, setNote] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [failure, setFailure] = useState("");
  const address = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    getCalendarFeed(store.api, deviceZone(), controller.signal).then(setFeed, (e: unknown) => {
      if (!isAbort(e)) setLoadFailed(true);
    });
    return () => controller.abort();
  }, [store]);

  async function copy(url: string) {
    setNote("");
    try {
      await navigator.clipboard.writeText(url);
      setNote(t("feed.copied"));
    } catch {
      address.current?.focus();
      address.current?.select();
      setNote(t("feed.copyManually"));
    }
  }

  async function reset() {
    setResetting(true);
    setNote("");
    try {
      setFeed(await rotateCalendarFeed(store.api));
      setNote(t("feed.resetDone"));
    } catch {
      setFailure(t("error.unexpected"));
    } finally {
      setResetting(false);
      setConfirming(false);
    }
  }

  return (
    <section className={section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t("feed.title")}</h2>
      <p>{t("feed.lead")}</p>
      {loadFailed ? (
        <p role="alert">{t("feed.loadError")}</p>
      ) : !feed ? (
        <Spinner />
      ) : (
        <>
          <div className="actions">
            <a className={buttonClass("primary", false, "subscribe")} href={feed.webcal_url}>
              {t("feed.subscribe")}
            </a>
          </div>
          <Field
            ref={address}
            label={t("feed.address")}
            hint={t("feed.addressHint")}
            readOnly
            value={feed.https_url}
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="actions">
            <Button variant="secondary" onClick={() => void copy(feed.https_url)}>
              {t("feed.copy")}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(true)}>
              {t("feed.reset")}
            </Button>
          </div>
        </>
      )}
      <SuccessNote>{note}</SuccessNote>
      <Modal open={confirming} title={t("feed.resetTitle")} onClose={() => setConfirming(false)}>
        <p>{t("feed.resetBody")}</p>
        <div className={modalActions}>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t("feed.keep")}
          </Button>
          <Button variant="danger" disabled={resetting} onClick={() => void reset()}>
            {t("feed.reset")}
          </Button>
        </div>
      </Modal>
      <OopsModal message={failure} onClose={() => setFailure("")} />
    </section>
  );
}
