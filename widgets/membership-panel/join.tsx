/** @jsxImportSource preact */
import { useEffect, useRef, useState } from "preact/hooks";
import { getQuote } from "../../src/api/calls/membership.js";
import type { PaymentCard, Quote } from "../../src/api/index.js";
import { planSku, type PlanPeriod } from "../../src/domain/membership.js";
import { useCss } from "../ui/context.js";
import { useWidgetConfig } from "../ui/config.js";
import { Button } from "../ui/parts.js";
import { chargeSentence, money } from "./charge.js";
import { promoRefusal, say } from "./flow-copy.js";
import { flowStyles } from "./flow-styles.js";
import { CardForm } from "./card-form.js";
import { Oops } from "./oops.js";
import type { FlowProps } from "./flows.js";
import { withWrites } from "./writes.js";

type Step = "plan" | "card" | "confirm";
const PERIODS: PlanPeriod[] = ["annual", "monthly"];

/**
 * Becoming a member, or resubscribing after a membership ended: choose a plan (the server's quote says whether a
 * free trial applies: only to members who never subscribed), an optional promo code, the card, then a confirmation
 * stating what will be charged and when. The checkout (`POST /v2/subscriptions/subs`) makes the member entitled.
 */
export function JoinMembership({ data, supportEmail, done, close, progress }: FlowProps) {
  const s = flowStyles(useCss());
  const config = useWidgetConfig();
  const api = data.store.api;
  const w = withWrites(data);
  const [step, setStep] = useState<Step>("plan");
  const [period, setPeriod] = useState<PlanPeriod>("annual");
  const [plans, setPlans] = useState<Partial<Record<PlanPeriod, Quote>>>({});
  const [code, setCode] = useState("");
  const [promo, setPromo] = useState<{ state: "unchecked" | "valid" | "invalid"; message?: string }>({
    state: "unchecked",
  });
  const [quote, setQuote] = useState<Quote | null>(null);
  const [newCard, setNewCard] = useState(false);
  const [saved, setSaved] = useState<PaymentCard | null>(null);
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const card = saved ?? data.subscription?.payment_method;
  const sku = (p: PlanPeriod) => planSku(p, "stripe");

  // What each plan costs this member (trial or not), as the server's rules decide.
  useEffect(() => {
    let live = true;
    Promise.all(PERIODS.map((p) => getQuote(api, sku(p)).then((q) => [p, q] as const))).then(
      (answers) => live && setPlans(Object.fromEntries(answers)),
      () => live && setFailure(say("error.loading")),
    );
    return () => void (live = false);
  }, [api]);
  // Each step's heading takes focus, so keyboard and screen-reader users start at the new step.
  useEffect(() => heading.current?.focus(), [step]);

  /** Quotes the chosen plan with the code; an invalid code is named under the field. */
  async function quoteWith(codes: string[]): Promise<Quote | undefined> {
    setFailure("");
    try {
      return await getQuote(api, sku(period), codes);
    } catch (error) {
      const refused = promoRefusal(error);
      if (refused) setPromo({ state: "invalid", message: refused });
      else setFailure(say("error.unexpected"));
      return undefined;
    }
  }
  async function applyPromo() {
    const q = await quoteWith([code.trim()]);
    if (!q) return;
    setPromo({ state: "valid", message: `${say("membership.promoApplied")} ${chargeSentence(q, config)}` });
    progress("promo-applied");
  }
  async function toCard(e: Event) {
    e.preventDefault();
    setBusy(true);
    const q = await quoteWith(code.trim() ? [code.trim()] : []);
    setBusy(false);
    if (!q) return;
    setQuote(q);
    setStep(card && !newCard ? "confirm" : "card");
    progress("plan-chosen");
  }
  async function confirm() {
    if (!quote) return;
    progress("confirmed");
    setBusy(true);
    setFailure("");
    const answer = await w.join.run(quote.sku, quote.discount_codes);
    setBusy(false);
    if (answer) return done(say("join.done"), "join");
    const error = w.join.error.peek();
    const status = (error as { status?: number } | undefined)?.status;
    setFailure(status === 402 ? say("membership.cardDeclined") : (promoRefusal(error) ?? say("error.unexpected")));
  }

  const title = say(data.subscription ? "join.resubscribe" : "join.title");
  const stepTitle = (key: "join.planStep" | "join.cardStep" | "join.confirmStep") => (
    <h3 ref={heading} tabIndex={-1}>
      {title}: {say(key)}
    </h3>
  );

  // Each step is keyed so it mounts afresh: no element (or its colour transition) carries over from the last step.
  if (step === "card") {
    return (
      <div class={s.flow} key="card">
        {stepTitle("join.cardStep")}
        <CardForm
          data={data}
          supportEmail={supportEmail}
          submitLabel={say("join.saveCard")}
          onSaved={(c) => {
            setSaved(c);
            setNewCard(false);
            setStep("confirm");
            progress("card-saved");
          }}
        />
        <div class={s.actions}>
          <Button onClick={() => setStep("plan")}>{say("join.back")}</Button>
        </div>
      </div>
    );
  }
  if (step === "confirm" && quote) {
    const shown = card;
    return (
      <div class={s.flow} key="confirm">
        {stepTitle("join.confirmStep")}
        <p>
          <strong>{say("join.confirm", { plan: quote.name })}</strong>
        </p>
        <p>{chargeSentence(quote, config)}</p>
        {shown && (
          <p>
            {say("join.cardOnFile", {
              brand: shown.brand,
              last4: shown.last4,
              month: shown.exp_month,
              year: shown.exp_year,
            })}
          </p>
        )}
        {failure && <Oops message={failure} email={supportEmail} />}
        <div class={s.actions}>
          <Button variant="primary" busy={busy} onClick={confirm}>
            {say("action.agree")}
          </Button>
          <Button onClick={() => setStep("plan")}>{say("action.takeMeBack")}</Button>
          {shown && (
            <Button
              variant="link"
              onClick={() => {
                setNewCard(true);
                setStep("card");
              }}
            >
              {say("join.otherCard")}
            </Button>
          )}
        </div>
      </div>
    );
  }
  return (
    <form class={s.flow} onSubmit={toCard} key="plan">
      {stepTitle("join.planStep")}
      <fieldset class={s.fieldset}>
        <legend>{say("membership.choosePlan")}</legend>
        {PERIODS.map((p) => {
          const q = plans[p];
          return (
            <label key={p} class={s.choice}>
              <input type="radio" name="join-period" checked={period === p} onChange={() => setPeriod(p)} />
              <span>
                <strong>{say(p === "annual" ? "membership.annual" : "membership.monthly")}</strong>{" "}
                {q
                  ? (() => {
                      const plan = say(p === "annual" ? "plan.annual" : "plan.monthly", {
                        price: money(q.renewal_price ?? q.base_price, q.currency),
                      });
                      return q.trial_days > 0
                        ? say("join.trialThen", { trial: say("join.trialDays", { days: q.trial_days }), plan })
                        : plan;
                    })()
                  : say("loading")}
              </span>
            </label>
          );
        })}
      </fieldset>
      <div class={s.field}>
        <label for="join-promo">{say("membership.promo")}</label>
        <div class={s.inline}>
          <input
            id="join-promo"
            value={code}
            autoComplete="off"
            aria-invalid={promo.state === "invalid"}
            aria-describedby="join-promo-status"
            onInput={(e) => {
              setCode((e.target as HTMLInputElement).value);
              setPromo({ state: "unchecked" });
            }}
          />
          <Button disabled={!code.trim()} onClick={applyPromo}>
            {say("membership.apply")}
          </Button>
        </div>
        <p id="join-promo-status" role="status" class={promo.state === "invalid" ? s.invalid : s.hint}>
          {promo.message ?? ""}
        </p>
      </div>
      {failure && <Oops message={failure} email={supportEmail} />}
      <div class={s.actions}>
        <Button variant="primary" type="submit" busy={busy} disabled={!plans[period]}>
          {say("action.continue")}
        </Button>
        <Button onClick={close}>{say("action.takeMeBack")}</Button>
      </div>
    </form>
  );
}
