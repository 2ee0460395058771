import "../../../../widgets/membership-panel/define.js";
import { useEffect, useRef } from "react";
import { css } from "goober";
import type { Subscription } from "../../../../src/api/types.js";
import { displayState } from "../../../../src/domain/index.js";
import { t, type MessageKey } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { Widget } from "../../lib/widget.js";
import { EXTERNAL } from "../../lib/links.js";
import { EVENTS, TAGS } from "../../../../widgets/constants.js";
import type { MembershipStepDetail } from "../../../../widgets/membership-panel/names.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { dateLabel } from "../../ui/format.js";
import { EmptyState, Spinner, lead, stack } from "../../ui/page.js";
import { AccountLayout } from "./account-layout.js";
import { MembershipLinks } from "./membership-links.js";
import { useMembershipAnalytics } from "./membership-analytics.js";

const list = css`list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[3]}px;
  li { display: grid; gap: ${space[1]}px; background: ${color.surface}; border: 1px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[4]}px; }
  strong { font-size: ${text.lg}px; } .meta { color: ${color.muted}; font-size: ${text.sm}px; }
  .state { justify-self: start; font-size: ${text.xs}px; font-weight: 800; letter-spacing: .1em; text-transform: uppercase; padding: 3px 10px; border-radius: ${radius.pill}px; background: ${color.sunken}; }
  .state[data-state="active"] { background: ${color.successSoft}; color: ${color.success}; }`;

const stateKey = (s: string): MessageKey =>
  s === "active" || s === "canceled" || s === "inactive" || s === "paused"
    ? `accountMembership.state.${s}`
    : "accountMembership.state.inactive";

/**
 * /account/subscriptions: every subscription on the account (the multi-subscription list), with where each is managed.
 */
export default function SubscriptionsPage() {
  const store = useStore();
  const subscriptions = useSignal(store.membership.subscriptions.data);
  const failed = useSignal(store.membership.subscriptions.error);
  const host = useRef<HTMLDivElement>(null);
  const onStep = useMembershipAnalytics(host, "/account/subscriptions");
  useEffect(() => void store.membership.subscriptions.reload(), [store]);
  const now = Date.now();
  return (
    <AccountLayout title={t("accountMembership.subscriptionsTitle")}>
      <div className={stack(space[5])}>
        <MembershipLinks />
        <p className={lead}>{t("accountMembership.subscriptionsLead")}</p>
        {failed && !subscriptions ? (
          <p role="alert">{t("error.loading")}</p>
        ) : !subscriptions ? (
          <Spinner />
        ) : !subscriptions.length ? (
          <EmptyState title={t("accountMembership.none")} />
        ) : (
          <ul className={list} aria-label={t("accountMembership.subscriptionsTitle")}>
            {subscriptions.map((s: Subscription) => {
              const state = displayState(s, now);
              return (
                <li key={s.subscription_id}>
                  <span className="state" data-state={state}>
                    {t(stateKey(state))}
                  </span>
                  <strong>{s.name}</strong>
                  <span className="meta">{t(`accountMembership.provider.${s.provider}`)}</span>
                  <span className="meta">
                    {s.original_purchase_date
                      ? t("accountMembership.since", { date: dateLabel(s.original_purchase_date) })
                      : null}
                    {s.expiration_date
                      ? ` · ${t(state === "active" && s.next_renewal ? "accountMembership.renews" : "accountMembership.until", { date: dateLabel(s.expiration_date) })}`
                      : null}
                    {s.pause
                      ? ` · ${
                          s.state === "paused"
                            ? t("accountMembership.pausedUntil", { date: dateLabel(s.pause.resumes_at) })
                            : t("accountMembership.pausesOn", {
                                start: dateLabel(s.pause.starts_at),
                                end: dateLabel(s.pause.resumes_at),
                              })
                        }`
                      : null}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        <div ref={host}>
          <Widget
            tag={TAGS.membershipPanel}
            props={{ store }}
            attrs={{ "support-email": EXTERNAL.support }}
            on={{ [EVENTS.membershipStep]: (e: CustomEvent<MembershipStepDetail>) => void onStep(e) }}
          />
        </div>
      </div>
    </AccountLayout>
  );
}
