import { useEffect, useState } from "react";
import { Link } from "wouter";
import { css } from "goober";
import { t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { ButtonLink } from "../../ui/button.js";
import { EmptyState, Page, PageHeader, Spinner } from "../../ui/page.js";
import { dateLabel } from "../../ui/format.js";

const list = css`list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[2]}px;`;
const item = css`
  display: grid; grid-template-columns: 1fr auto; gap: ${space[1]}px ${space[3]}px; align-items: center; background: ${color.surface};
  border: 1px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[3]}px ${space[4]}px;
  a { font-weight: 700; text-decoration: none; min-height: 44px; display: inline-flex; align-items: center; } a:hover { text-decoration: underline; }
  .when { color: ${color.muted}; font-size: ${text.sm}px; }
`;
const tag = css`font-size: ${text.xs}px; font-weight: 800; letter-spacing: .1em; text-transform: uppercase; padding: 4px 10px; border-radius: 999px; background: ${color.sunken};
  &[data-kind="live"] { background: ${color.accentSoft}; color: ${color.accent}; }`;

const toolbar = css`display: flex; flex-wrap: wrap; gap: ${space[3]}px; align-items: center; justify-content: space-between; margin-bottom: ${space[5]}px;`;
const segments = css`display: inline-flex; border: 1.5px solid ${color.ink}; border-radius: ${radius.pill}px; overflow: hidden;
  button { min-height: 44px; padding: 0 ${space[4]}px; border: 0; background: transparent; font-weight: 700; font-size: ${text.sm}px; cursor: pointer; }
  button[aria-pressed="true"] { background: ${color.ink}; color: #fff; }`;

/** /workout-history: every completed workout, newest first, on demand and live. */
export default function HistoryPage() {
  const store = useStore();
  const history = useSignal(store.activity.history.data);
  useEffect(() => void store.activity.history.reload(), [store]);
  const [kind, setKind] = useState<"all" | "on_demand" | "live">("all");
  const items = (history?.items ?? [])
    .filter((h) => h.is_completed && (kind === "all" || h.type === kind))
    .sort((a, b) => (b.completed_at ?? "").localeCompare(a.completed_at ?? ""));
  return (
    <Page>
      <PageHeader kicker={t("history.kicker")} title={t("history.title")}>
        {t("history.lead")}
      </PageHeader>
      <div className={toolbar}>
        <div role="group" aria-label={t("history.filterLabel")} className={segments}>
          {(["all", "on_demand", "live"] as const).map((k) => (
            <button key={k} type="button" aria-pressed={kind === k} onClick={() => setKind(k)}>
              {t(k === "all" ? "history.filter.all" : k === "live" ? "history.liveTag" : "history.onDemandTag")}
            </button>
          ))}
        </div>
        <div style={{ display: "flex", flexWrap: "wrap", gap: space[3] }}>
          <ButtonLink href="/workout-history/detail" variant="secondary">
            {t("history.allTimeStats")}
          </ButtonLink>
          <ButtonLink href="/challenge" variant="secondary">
            {t("challenge.title")}
          </ButtonLink>
        </div>
      </div>
      {!history ? (
        <Spinner />
      ) : !items.length ? (
        <EmptyState title={t("history.empty")}>
          <ButtonLink href="/classes">{t("history.findClass")}</ButtonLink>
        </EmptyState>
      ) : (
        <ul className={list} aria-label={t("history.title")}>
          {items.map((h, i) => (
            <li key={`${h.workout_id}-${h.completed_at}-${i}`} className={item}>
              {h.type !== "live" && h.workout?.slug ? (
                <Link href={`/classes/detail/${encodeURIComponent(h.workout.slug)}`}>{h.workout.name}</Link>
              ) : h.workout?.name ? (
                <strong>{h.workout.name}</strong>
              ) : (
                <strong>{h.type === "live" ? t("history.liveTag") : t("history.onDemandTag")}</strong>
              )}
              <span className={tag} data-kind={h.type}>
                {h.type === "live" ? t("history.liveTag") : t("history.onDemandTag")}
              </span>
              <span className="when">
                {dateLabel(h.completed_at)}
                {h.workout ? ` · ${t("workout.minutes", { minutes: h.workout.duration })}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
