import { useEffect } from "react";
import { css } from "goober";
import { t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { color, space, text } from "../../theme/tokens.js";
import { FormError } from "../../ui/field.js";
import { card, sectionTitle, Spinner } from "../../ui/page.js";
import { Switch } from "../../ui/switch.js";
import { AccountLayout } from "./account-layout.js";

const row = css`display: flex; align-items: center; justify-content: space-between; gap: ${space[4]}px; padding: ${space[3]}px 0; border-bottom: 1px solid ${color.line};
  &:last-child { border-bottom: 0; } p { color: ${color.muted}; font-size: ${text.sm}px; } strong { display: block; }`;

/** /account/settings: closed captions, background music and email communications. */
export default function SettingsPage() {
  const store = useStore();
  const user = useSignal(store.session.user.data);
  const email = useSignal(store.session.email.data);
  const savingUser = useSignal(store.session.updateUser.loading);
  const savingEmail = useSignal(store.session.updateEmail.loading);
  const failed = useSignal(store.session.updateUser.error) || null;
  useEffect(() => {
    void store.session.user.load();
    void store.session.email.load();
  }, [store]);
  return (
    <AccountLayout title="Settings">
      {failed ? <FormError>{t("error.unexpected")}</FormError> : null}
      <section className={card} aria-labelledby="playback-title">
        <h2 id="playback-title" className={sectionTitle}>Playback</h2>
        {!user ? <Spinner /> : (
          <>
            <div className={row}>
              <div><strong id="cc-label">Closed Captions</strong><p>Show captions in the player.</p></div>
              <Switch labelledBy="cc-label" checked={user.closed_captions !== false} disabled={savingUser} onChange={(on) => void store.session.updateUser.run({ closed_captions: on })} />
            </div>
            <div className={row}>
              <div><strong id="music-label">Background music</strong><p>Play music stations under the trainer.</p></div>
              <Switch labelledBy="music-label" checked={user.feed_fm_disabled !== true} disabled={savingUser} onChange={(on) => void store.session.updateUser.run({ feed_fm_disabled: !on })} />
            </div>
          </>
        )}
      </section>
      <section id="communications" className={card} style={{ marginTop: space[5] }} aria-labelledby="comms-title">
        <h2 id="comms-title" className={sectionTitle}>Communications</h2>
        {!email ? <Spinner /> : (
          <div className={row}>
            <div><strong id="email-label">Receive emails</strong><p>News, new classes and exclusive offers.</p></div>
            <Switch labelledBy="email-label" checked={email.opt_out !== true} disabled={savingEmail} onChange={(on) => void store.session.updateEmail.run({ opt_out: !on })} />
          </div>
        )}
      </section>
    </AccountLayout>
  );
}
