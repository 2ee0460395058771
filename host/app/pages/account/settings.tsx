import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { css } from "goober";
import { deactivateAccount } from "../../../../src/api/index.js";
import { t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { color, space, text } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Modal, modalActions } from "../../ui/modal.js";
import { SuccessNote } from "../../ui/notice.js";
import { OopsInline } from "../../ui/oops.js";
import { card, sectionTitle, Spinner, stack } from "../../ui/page.js";
import { Switch } from "../../ui/switch.js";
import { LanguagePicker } from "../../ui/language-picker.js";
import { AccountLayout } from "./account-layout.js";

const row = css`display: flex; align-items: center; justify-content: space-between; gap: ${space[4]}px; padding: ${space[3]}px 0; border-bottom: 1px solid ${color.line};
  &:last-child { border-bottom: 0; } p { color: ${color.muted}; font-size: ${text.sm}px; } strong { display: block; }`;

/**
 * /account/settings: the app's language (kept in the member's preferences), closed captions and background music (the
 * player honours both), the marketing-email switch (Communications), and deactivation with a confirmation; a
 * deactivated account is signed out and cannot sign in.
 */
export default function SettingsPage() {
  const store = useStore();
  const [, navigate] = useLocation();
  const user = useSignal(store.session.user.data);
  const email = useSignal(store.session.email.data);
  const savingUser = useSignal(store.session.updateUser.loading);
  const savingEmail = useSignal(store.session.updateEmail.loading);
  const [notice, setNotice] = useState("");
  const [failure, setFailure] = useState("");
  const [confirm, setConfirm] = useState(false);
  const [deactivating, setDeactivating] = useState(false);
  const [deactivated, setDeactivated] = useState(false);
  useEffect(() => {
    void store.session.user.load();
    void store.session.email.load();
  }, [store]);

  async function saveUser(patch: { closed_captions?: boolean; feed_fm_disabled?: boolean }) {
    setNotice("");
    setFailure("");
    if (await store.session.updateUser.run(patch)) setNotice(t("settings.saved"));
    else setFailure(t("error.unexpected"));
  }
  async function saveEmail(optOut: boolean) {
    setNotice("");
    setFailure("");
    if (await store.session.updateEmail.run({ opt_out: optOut })) setNotice(t("settings.saved"));
    else setFailure(t("error.unexpected"));
  }
  async function deactivate() {
    setDeactivating(true);
    setFailure("");
    try {
      await deactivateAccount(store.api);
      setDeactivated(true);
    } catch {
      setFailure(t("error.unexpected"));
    } finally {
      setDeactivating(false);
      setConfirm(false);
    }
  }
  async function leave() {
    setDeactivated(false); // close the dialog first: an open modal leaves the next page inert
    await store.session.signOut();
    navigate("/continue");
  }

  return (
    <AccountLayout title={t("settings.title")}>
      <div className={stack(space[5])}>
        <OopsInline message={failure} />
        <SuccessNote>{notice}</SuccessNote>
        <section id="language" className={card} aria-labelledby="language-title">
          <div className={stack(space[3])}>
            <h2 id="language-title" className={sectionTitle}>
              {t("settings.language")}
            </h2>
            <p style={{ color: color.muted }}>{t("settings.languageNote")}</p>
            <LanguagePicker
              onSaved={(ok) => {
                setNotice(ok ? t("settings.languageSaved") : "");
                setFailure(ok ? "" : t("error.unexpected"));
              }}
            />
          </div>
        </section>
        <section className={card} aria-labelledby="playback-title">
          <h2 id="playback-title" className={sectionTitle}>
            {t("settings.playback")}
          </h2>
          {!user ? (
            <Spinner />
          ) : (
            <>
              <div className={row}>
                <div>
                  <strong id="cc-label">{t("settings.captions")}</strong>
                  <p>{t("settings.captionsNote")}</p>
                </div>
                <Switch
                  labelledBy="cc-label"
                  checked={user.closed_captions !== false}
                  disabled={savingUser}
                  onChange={(on) => void saveUser({ closed_captions: on })}
                />
              </div>
              <div className={row}>
                <div>
                  <strong id="music-label">{t("settings.music")}</strong>
                  <p>{t("settings.musicNote")}</p>
                </div>
                <Switch
                  labelledBy="music-label"
                  checked={user.feed_fm_disabled !== true}
                  disabled={savingUser}
                  onChange={(on) => void saveUser({ feed_fm_disabled: !on })}
                />
              </div>
            </>
          )}
        </section>
        <section id="communications" className={card} aria-labelledby="comms-title">
          <h2 id="comms-title" className={sectionTitle}>
            {t("settings.communications")}
          </h2>
          {!email ? (
            <Spinner />
          ) : (
            <div className={row}>
              <div>
                <strong id="email-label">{t("settings.emails")}</strong>
                <p>{t("settings.emailsNote")}</p>
              </div>
              <Switch
                labelledBy="email-label"
                checked={email.opt_out !== true}
                disabled={savingEmail}
                onChange={(on) => void saveEmail(!on)}
              />
            </div>
          )}
        </section>
        <section className={card} aria-labelledby="deactivate-title">
          <div className={stack(space[3])}>
            <h2 id="deactivate-title" className={sectionTitle}>
              {t("settings.deactivateTitle")}
            </h2>
            <p style={{ color: color.muted }}>{t("settings.deactivateNote")}</p>
            <div>
              <Button variant="danger" onClick={() => setConfirm(true)}>
                {t("settings.deactivate")}
              </Button>
            </div>
          </div>
        </section>
      </div>
      <Modal open={confirm} title={t("settings.deactivateTitle")} onClose={() => setConfirm(false)}>
        <p>{t("settings.deactivateConfirm")}</p>
        <div className={modalActions}>
          <Button variant="secondary" onClick={() => setConfirm(false)}>
            {t("action.goBack")}
          </Button>
          <Button variant="danger" disabled={deactivating} onClick={deactivate}>
            {t("settings.deactivateYes")}
          </Button>
        </div>
      </Modal>
      <Modal open={deactivated} title={t("settings.deactivateTitle")} onClose={leave}>
        <p role="status">{t("settings.deactivated")}</p>
        <div className={modalActions}>
          <Button onClick={leave}>{t("action.continue")}</Button>
        </div>
      </Modal>
    </AccountLayout>
  );
}
