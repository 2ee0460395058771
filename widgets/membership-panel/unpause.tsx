/** @jsxImportSource preact */
import { useEffect, useRef, useState } from "preact/hooks";
import { getQuote } from "../../src/api/calls/membership.js";
import type { Quote } from "../../src/api/index.js";
import { useCss } from "../ui/context.js";
import { useWidgetConfig } from "../ui/config.js";
import { Button, Skeleton } from "../ui/parts.js";
import { sayWith } from "../ui/copy.js";
import { chargeSentence } from "./charge.js";
import { say as flowSay } from "./flow-copy.js";
import { flowStyles } from "./flow-styles.js";
import { Oops } from "./oops.js";
import type { FlowProps } from "./flows.js";

export const say = sayWith({
  "unpause.confirm": "Unpausing {plan} starts a new period today.",
  "unpause.agree": "YES, UNPAUSE",
  "unpause.done": "Your membership is running again.",
  "unpause.noQuote": "We could not work out what unpausing would charge, so nothing was charged.",
});

/**
 * Unpausing a paused membership charges a new period at once, so it is confirmed first: the server's quote states
 * what will be charged and when (the plan's price after any promo codes waiting on it, today) and the card it goes
 * to; only "YES, UNPAUSE" charges.
 */
export function UnpauseMembership({ data, supportEmail, done, close, progress }: FlowProps) {
  const s = flowStyles(useCss());
  const config = useWidgetConfig();
  const sub = data.subscription;
  const [quote, setQuote] = useState<Quote | null>(null);
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLParagraphElement>(null);
  const sku = String(sub?.scheduled_change?.sku ?? sub?.sku ?? "");

  useEffect(() => {
    let live = true;
    getQuote(data.store.api, sku).then(
      (q) => live && setQuote(q),
      () => live && setFailure(say("unpause.noQuote")),
    );
    return () => void (live = false);
  }, [data.store.api, sku]);

  async function confirm() {
    progress("confirmed");
    setBusy(true);
    setFailure("");
    const answer = await data.m.unpause.run();
    setBusy(false);
    if (answer) return done(say("unpause.done"), "unpause");
    const status = (data.m.unpause.error.peek() as { status?: number } | undefined)?.status;
    setFailure(status === 402 ? flowSay("membership.cardDeclined") : flowSay("error.unexpected"));
  }

  if (!quote) {
    return failure ? (
      <div class={s.flow}>
        <Oops message={failure} email={supportEmail} />
        <div class={s.actions}>
          <Button onClick={close}>{flowSay("action.takeMeBack")}</Button>
        </div>
      </div>
    ) : (
      <Skeleton label={say("loading")} rows={2} height={48} />
    );
  }
  const card = sub?.payment_method;
  return (
    <div class={s.flow}>
      <p ref={first}>
        <strong>{say("unpause.confirm", { plan: quote.name })}</strong>
      </p>
      <p>{chargeSentence(quote, config)}</p>
      {card && (
        <p>
          {flowSay("join.cardOnFile", {
            brand: card.brand,
            last4: card.last4,
            month: card.exp_month,
            year: card.exp_year,
          })}
        </p>
      )}
      {failure && <Oops message={failure} email={supportEmail} />}
      <div class={s.actions}>
        <Button variant="primary" busy={busy} onClick={confirm}>
          {say("unpause.agree")}
        </Button>
        <Button onClick={close}>{flowSay("action.takeMeBack")}</Button>
      </div>
    </div>
  );
}
