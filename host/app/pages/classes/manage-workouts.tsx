import { useEffect } from "react";
import { css } from "goober";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { ButtonLink } from "../../ui/button.js";
import { Page, PageHeader, Spinner } from "../../ui/page.js";
import { FormError } from "../../ui/field.js";
import { t } from "../../../../src/i18n/index.js";
import { Switch } from "../../ui/switch.js";

const list = css`list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[2]}px;`;
const row = css`
  display: flex; align-items: center; justify-content: space-between; gap: ${space[3]}px; background: ${color.surface};
  border: 1px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[2]}px ${space[4]}px; min-height: 64px;
  strong { font-size: ${text.md}px; } span { color: ${color.muted}; font-size: ${text.sm}px; }
`;

/** Manage workouts: show or hide whole collections in the library (spec §4 hidden collections). */
export default function ManageWorkoutsPage() {
  const store = useStore();
  const all = useSignal(store.collections.all.data);
  const hidden = useSignal(store.collections.hiddenIds);
  const busy = useSignal(store.collections.toggle.loading);
  const failed = useSignal(store.collections.toggle.error);
  useEffect(() => {
    void store.collections.all.load();
    void store.collections.hidden.load();
  }, [store]);

  return (
    <Page>
      <PageHeader kicker={t("classes.kicker")} title={t("classes.manageWorkouts")}>
        {t("classes.chooseWhichCollectionsAppear")}
      </PageHeader>
      {failed ? <FormError>{t("error.unexpected")}</FormError> : null}
      {!all ? (
        <Spinner />
      ) : (
        <ul className={list}>
          {all.map((c) => {
            const shown = !hidden.includes(c.id);
            return (
              <li key={c.id} className={row}>
                <div style={{ display: "grid" }}>
                  <strong id={`col-${c.id}`}>{c.name}</strong>
                  <span>{shown ? t("classes.shown") : t("classes.hidden")}</span>
                </div>
                <Switch
                  checked={shown}
                  labelledBy={`col-${c.id}`}
                  disabled={busy}
                  onChange={() => void store.collections.toggle.run([c.id])}
                />
              </li>
            );
          })}
        </ul>
      )}
      <div style={{ marginTop: space[5] }}>
        <ButtonLink href="/classes" variant="secondary">
          {t("classes.backToClasses")}
        </ButtonLink>
      </div>
    </Page>
  );
}
