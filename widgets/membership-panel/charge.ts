import type { Quote } from "../../src/api/index.js";
import { formatPrice } from "../../src/domain/prices.js";
import type { WidgetConfig } from "../ui/context.js";
import { speaking } from "../ui/copy.js";
import { say } from "./flow-copy.js";

/** An amount in cents as the widget's language writes money ("$19.99", "19,99 $ US"). */
export const money = (cents: number, currency = "USD") => formatPrice(cents / 100, currency, speaking().locale);
const UNITS = ["day", "week", "month", "year"] as const;

/** "January 31, 2031" in the widget's locale and time zone. */
export const longDate = (iso: string, config: Pick<WidgetConfig, "locale" | "timeZone">) =>
  new Intl.DateTimeFormat(config.locale, { dateStyle: "long", timeZone: config.timeZone }).format(new Date(iso));

/** "$95.88 every 12 months" / "$19.99 a month" (spec §9 plan copy), or the interval spelled out for other plans. */
const recurring = (q: Quote) =>
  q.renewal_price === null
    ? ""
    : q.interval_type === "month" && (q.interval === 12 || q.interval === 1)
      ? say(q.interval === 12 ? "plan.annual" : "plan.monthly", { price: money(q.renewal_price, q.currency) })
      : UNITS.includes(q.interval_type as (typeof UNITS)[number])
        ? say(`charge.every.${q.interval_type as (typeof UNITS)[number]}`, {
            price: money(q.renewal_price, q.currency),
            count: q.interval,
          })
        : say("charge.every", { price: money(q.renewal_price, q.currency), n: q.interval, unit: q.interval_type });

/**
 * What a confirmation states (issue 21: what will be charged and when): the amount after promo codes and its date —
 * after the free trial, today, or at the end of the current period for a plan change — then what renewals cost.
 */
export function chargeSentence(q: Quote, config: Pick<WidgetConfig, "locale" | "timeZone">): string {
  const date = q.charge_date ? longDate(q.charge_date, config) : "";
  const then = recurring(q);
  const first = money(q.total_price, q.currency);
  const sentence =
    (q.kind === "checkout" && q.trial_days === 0) || q.kind === "unpause"
      ? say("charge.today", { price: first, date })
      : say("charge.on", { price: first, date });
  const trial =
    q.kind === "checkout" && q.trial_days > 0
      ? `${say("charge.trial", { days: q.trial_days, count: q.trial_days })} `
      : "";
  return `${trial}${sentence}${then ? ` ${say("charge.then", { plan: then })}` : ""}`;
}
