import { useEffect } from "react";
import { css } from "goober";
import type { Subscription } from "../../../../src/api/types.js";
import {
  formatPrice,
  managedElsewhere,
  planSku,
  yearlyPerMonth,
  type PlanPeriod,
} from "../../../../src/domain/index.js";
import { t, currentLocale } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { bp, color, radius, space, text, up } from "../../theme/tokens.js";
import { card, sectionTitle, stack } from "../../ui/page.js";

const plans = css`list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[3]}px; ${up(bp.sm)} { grid-template-columns: 1fr 1fr; }
  li { display: grid; gap: 4px; border: 1.5px solid ${color.line}; border-radius: ${radius.md}px; padding: ${space[4]}px; }
  li[data-current="true"] { border-color: ${color.ink}; }
  strong { font-size: ${text.lg}px; } .price { font-weight: 700; } .sub { color: ${color.muted}; font-size: ${text.sm}px; }
  .badge { justify-self: start; background: ${color.ink}; color: #fff; border-radius: ${radius.pill}px; padding: 2px 10px; font-size: ${text.xs}px; font-weight: 800; letter-spacing: .08em; text-transform: uppercase; }`;

const PERIODS: PlanPeriod[] = ["annual", "monthly"];

/**
 * /account/membership/manage: the two plans with their prices (the 12-month plan also per month, spec §5: yearly / 12
 * rounded to cents) and which one the member is on; the change itself happens in the membership panel below.
 */
export function PlansSummary() {
  const store = useStore();
  const sub = useSignal<Subscription | null | undefined>(store.membership.subscription.data);
  const products = useSignal(store.membership.products.data);
  const provider = sub?.provider ?? "stripe";
  const skus = PERIODS.map((p) => planSku(p, provider));
  useEffect(() => void store.membership.subscription.load(), [store]);
  useEffect(() => void store.membership.products.load(skus), [store, skus.join(",")]);
  if (!sub || managedElsewhere(sub.provider) || !products) return null;
  return (
    <section className={card} aria-labelledby="plans-title">
      <div className={stack(space[3])}>
        <h2 id="plans-title" className={sectionTitle}>
          {t("accountMembership.plans")}
        </h2>
        <ul className={plans}>
          {PERIODS.map((period) => {
            const product = products.find((p) => p.sku === planSku(period, provider));
            if (!product) return null;
            const price = product.cost.unit_amount / 100;
            const current = sub.interval === (period === "annual" ? 12 : 1);
            const ended = sub.state === "expired";
            return (
              <li key={period} data-current={current}>
                {current ? (
                  <span className="badge">
                    {t(ended ? "accountMembership.lastPlan" : "accountMembership.currentPlan")}
                  </span>
                ) : null}
                <strong>{t(period === "annual" ? "accountMembership.annual" : "accountMembership.monthly")}</strong>
                <span className="price">
                  {t(period === "annual" ? "plan.annual" : "plan.monthly", {
                    price: formatPrice(price, "USD", currentLocale()),
                  })}
                </span>
                {period === "annual" ? (
                  <span className="sub">
                    {t("plan.perMonth", { price: formatPrice(yearlyPerMonth(price), "USD", currentLocale()) })}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
        <p className="sub" style={{ color: color.muted, fontSize: text.sm }}>
          {/* An ended membership has no plan to change (issue 32): the panel below only resubscribes. */}
          {t(sub.state === "expired" ? "accountMembership.plansNoteEnded" : "accountMembership.plansNote")}
        </p>
      </div>
    </section>
  );
}
