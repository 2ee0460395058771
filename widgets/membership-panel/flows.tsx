/** @jsxImportSource preact */
import { useState } from "preact/hooks";
import { ApiError } from "../../src/api/error.js";
import type { BillingAddressChange } from "../../src/api/index.js";
import { formatPrice } from "../../src/domain/prices.js";
import { looksLikeEmail } from "../../src/domain/email.js";
import {
  ADDRESS_LIMITS,
  PHONE_DIGITS,
  addressProblems,
  type AddressField,
  type AddressProblem,
} from "../../src/domain/billing-address.js";
import { problemsOf } from "./address-refusal.js";
import { messageOf } from "./refusal-messages.js";
import type { PlanPeriod } from "../../src/domain/membership.js";
import { useCss, useWidget } from "../ui/context.js";
import { promoRefusal, say } from "./flow-copy.js";
import { Oops } from "./oops.js";
import { Button } from "../ui/parts.js";
import type { useMembership } from "./data.js";
import { flowStyles } from "./flow-styles.js";
import { updateAddress, withWrites } from "./writes.js";
import { useWidgetConfig } from "../ui/config.js";
import { speaking } from "../ui/copy.js";
import { chargeSentence, money } from "./charge.js";
import type { Quote } from "../../src/api/index.js";
import { CANCEL_REASONS, planSku, type CancelReason } from "../../src/domain/membership.js";
import { CardForm } from "./card-form.js";
import type { MembershipFlow, MembershipStep } from "./names.js";
export { JoinMembership } from "./join.js";
export { UnpauseMembership } from "./unpause.js";
export { PauseMembership } from "./pause.js";

type Data = ReturnType<typeof useMembership>;
export interface FlowProps {
  data: Data;
  supportEmail: string;
  done(message: string, action: MembershipFlow): void;
  close(): void;
  /** Raises `fit-membership-step` for this flow. */
  progress(step: MembershipStep): void;
}

/** The shape an email must have before the studio link is asked for (what the server's email format accepts). */

export function ChangePlan({ data, supportEmail, done, close, progress }: FlowProps) {
  const w = withWrites(data);
  const s = flowStyles(useCss());
  const [period, setPeriod] = useState<PlanPeriod>(data.subscription?.interval === 12 ? "monthly" : "annual");
  const [code, setCode] = useState("");
  const [promo, setPromo] = useState<"unchecked" | "valid" | "invalid">("unchecked");
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const priceOf = (p: PlanPeriod) => (data.price(p)?.cost.unit_amount ?? (p === "annual" ? 9588 : 1999)) / 100;
  const label = (p: PlanPeriod) =>
    say(p === "annual" ? "plan.annual" : "plan.monthly", { price: formatPrice(priceOf(p), "USD", speaking().locale) });

  const [quote, setQuote] = useState<Quote | null>(null);
  const config = useWidgetConfig();
  const sku = (p: PlanPeriod) => data.price(p)?.sku ?? planSku(p, data.subscription?.provider ?? "stripe");

  /** The confirmation states what the server will charge and when: the new plan after promo codes, at period end. */
  async function review() {
    setFailure("");
    const codes = promo === "valid" && code.trim() ? [code.trim()] : [];
    const answer = await w.quote.run(sku(period), codes);
    if (!answer) return setFailure(say("error.planUpdate"));
    setQuote(answer);
    setConfirming(true);
    progress("plan-chosen");
  }

  async function checkPromo() {
    setFailure("");
    const outcome = await w.validateCoupons.run([code.trim()]);
    if (!outcome) return setFailure(say("error.unexpected"));
    setPromo(outcome.ok ? "valid" : "invalid");
    if (outcome.ok) progress("promo-applied");
  }
  async function confirm() {
    progress("confirmed");
    setBusy(true);
    setFailure("");
    const withCode = promo === "valid" && code.trim();
    const answer = withCode ? await w.applyCoupon.run(code.trim(), period) : await w.changePlan.run(period);
    setBusy(false);
    if (answer) return done(say("success.planUpdated"), "plan");
    const error = withCode ? w.applyCoupon.error.peek() : w.changePlan.error.peek();
    setConfirming(false);
    // A code refused on applying (used up meanwhile, for new members only, another plan) says which rule refused it.
    setFailure(
      (error as { status?: number } | undefined)?.status === 404 && withCode
        ? say("error.coupon")
        : (promoRefusal(error) ?? say("error.planUpdate")),
    );
  }

  if (confirming && quote) {
    return (
      <div class={s.flow}>
        <p>
          {say("confirm.planUpdate", {
            months: period === "annual" ? 12 : 1,
            price: money(quote.total_price, quote.currency),
          })}
        </p>
        <p>{chargeSentence(quote, config)}</p>
        <div class={s.actions}>
          <Button variant="primary" busy={busy} onClick={confirm}>
            {say("action.agree")}
          </Button>
          <Button onClick={() => setConfirming(false)}>{say("action.takeMeBack")}</Button>
        </div>
      </div>
    );
  }
  return (
    <form
      class={s.flow}
      onSubmit={(e) => {
        e.preventDefault();
        void review();
      }}
    >
      <fieldset class={s.fieldset}>
        <legend>{say("membership.choosePlan")}</legend>
        {(["annual", "monthly"] as PlanPeriod[]).map((p) => (
          <label key={p} class={s.choice}>
            <input type="radio" name="period" checked={period === p} onChange={() => setPeriod(p)} />
            <span>
              <strong>{say(p === "annual" ? "membership.annual" : "membership.monthly")}</strong> {label(p)}
            </span>
          </label>
        ))}
      </fieldset>
      <div class={s.field}>
        <label for="promo">{say("membership.promo")}</label>
        <div class={s.inline}>
          <input
            id="promo"
            value={code}
            autoComplete="off"
            aria-invalid={promo === "invalid"}
            aria-describedby="promo-status"
            onInput={(e) => {
              setCode((e.target as HTMLInputElement).value);
              setPromo("unchecked");
            }}
          />
          <Button disabled={!code.trim()} onClick={checkPromo}>
            {say("membership.apply")}
          </Button>
        </div>
        <p id="promo-status" role="status" class={promo === "invalid" ? s.invalid : s.hint}>
          {promo === "invalid" ? say("error.coupon") : promo === "valid" ? say("membership.promoApplied") : ""}
        </p>
      </div>
      {failure && <Oops message={failure} email={supportEmail} />}
      <div class={s.actions}>
        <Button variant="primary" type="submit" busy={w.quote.loading.value}>
          {say("action.continue")}
        </Button>
        <Button onClick={close}>{say("action.takeMeBack")}</Button>
      </div>
    </form>
  );
}

export function UpdateCard({ data, supportEmail, done }: FlowProps) {
  useWidget(); // speak the widget's language
  return (
    <CardForm
      data={data}
      supportEmail={supportEmail}
      submitLabel={say("membership.saveCard")}
      onSaved={() => done(say("membership.cardUpdated"), "card")}
    />
  );
}

export function BillingAddressForm({ data, supportEmail, done }: FlowProps) {
  const s = flowStyles(useCss());
  const current = data.subscription?.billing_address;
  const [errors, setErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  async function submit(e: Event) {
    e.preventDefault();
    const form = Object.fromEntries(new FormData(e.target as HTMLFormElement)) as Partial<Record<string, string>>;
    const address: BillingAddressChange = {
      country: form.country!,
      address1: form.address1!.trim(),
      address2: form.address2?.trim() || undefined,
      city: form.city!.trim(),
      state: form.state!.trim(),
      zip: form.zip!.trim(),
      phone: form.phone?.trim() || undefined,
    };
    const local = validateAddress(address);
    setErrors(local);
    setFailure("");
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await updateAddress(data, address);
      done(say("membership.addressSaved"), "address");
    } catch (error) {
      // The server names the field (the same rule, src/domain/billing-address.ts): show it there, not an OOPS!.
      const named: Partial<Record<AddressField, string>> = {};
      for (const [field, problem] of problemsOf(error)) named[field] = addressMessage(field, problem);
      if (Object.keys(named).length) setErrors(named);
      else setFailure(say("error.billing"));
    } finally {
      setBusy(false);
    }
  }
  const field = (name: AddressField, labelKey: Parameters<typeof say>[0], required = true) => (
    <div class={s.field}>
      <label for={`a-${name}`}>{say(labelKey)}</label>
      <input
        id={`a-${name}`}
        name={name}
        inputMode={name === "phone" ? "tel" : undefined}
        required={required}
        maxLength={ADDRESS_LIMITS[name]}
        defaultValue={current?.[name] ?? ""}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `a-${name}-error` : undefined}
      />
      {errors[name] && (
        <p id={`a-${name}-error`} class={s.invalid}>
          {errors[name]}
        </p>
      )}
    </div>
  );
  return (
    <form class={s.flow} onSubmit={submit} noValidate>
      <div class={s.field}>
        <label for="a-country">{say("address.country")}</label>
        <select id="a-country" name="country" defaultValue={current?.country ?? "USA"}>
          <option value="USA">{say("address.country.usa")}</option>
          <option value="Canada">{say("address.country.canada")}</option>
        </select>
      </div>
      {field("address1", "address.address1")}
      {field("address2", "address.address2", false)}
      <div class={s.row}>
        {field("city", "address.city")}
        {field("state", "address.state")}
        {field("zip", "address.zip")}
      </div>
      {field("phone", "membership.phone", false)}
      {failure && <Oops message={failure} email={supportEmail} />}
      <div class={s.actions}>
        <Button variant="primary" type="submit" busy={busy}>
          {say("membership.saveAddress")}
        </Button>
      </div>
    </form>
  );
}

const ADDRESS_LABELS: Record<AddressField, Parameters<typeof say>[0]> = {
  address1: "address.address1",
  address2: "address.address2",
  city: "address.city",
  state: "address.state",
  zip: "address.zip",
  phone: "membership.phone",
};

/** The words for one address problem under its field. */
function addressMessage(field: AddressField, problem: AddressProblem): string {
  switch (problem) {
    case "zip":
      return say("error.zip");
    case "city":
      return `${say("error.city")}. ${say("address.cityHint")}`;
    case "phone":
      return say("address.phoneInvalid", PHONE_DIGITS);
    case "tooLong":
      return say("address.tooLong", { field: say(ADDRESS_LABELS[field]), max: ADDRESS_LIMITS[field] });
    case "required":
      return say("address.required", { field: say(ADDRESS_LABELS[field]) });
  }
}

/** The address rule (the one the server applies), checked before sending: field → message. */
export function validateAddress(a: BillingAddressChange): Partial<Record<AddressField, string>> {
  const found = addressProblems(a, a.country === "Canada" ? "Canada" : "USA");
  const out: Partial<Record<AddressField, string>> = {};
  for (const [field, problem] of Object.entries(found) as [AddressField, AddressProblem][])
    out[field] = addressMessage(field, problem);
  return out;
}

export function CancelMembership({ data, supportEmail, done, close, progress }: FlowProps) {
  const w = withWrites(data);
  const s = flowStyles(useCss());
  const [step, setStep] = useState<"offers" | "reasons">("offers");
  const [reason, setReason] = useState<CancelReason | "">("");
  const [explanation, setExplanation] = useState("");
  const [missing, setMissing] = useState(false);
  const [unexplained, setUnexplained] = useState(false);
  const [failure, setFailure] = useState("");
  const busy = w.cancel.loading.value;

  if (step === "offers") {
    return (
      <div class={s.flow}>
        <p>{say("membership.offersIntro")}</p>
        <ul class={s.offers}>
          <li>
            <a href={`mailto:${supportEmail}`}>{say("membership.offerSupport")}</a>
          </li>
          <li>
            <a href={`mailto:${supportEmail}?subject=${encodeURIComponent("Free trainer session")}`}>
              {say("membership.offerTrainer")}
            </a>
          </li>
        </ul>
        <div class={s.actions}>
          <Button variant="primary" onClick={close}>
            {say("action.keepWorkingOut")}
          </Button>
          <Button
            variant="link"
            onClick={() => {
              setStep("reasons");
              progress("offers-declined");
            }}
          >
            {say("action.noThanksCancel")}
          </Button>
        </div>
      </div>
    );
  }
  async function submit(e: Event) {
    e.preventDefault();
    if (!reason) return setMissing(true);
    setFailure("");
    // "Other" needs the member's words (the server refuses it without them): ask for them on the field.
    if (reason === "other" && !explanation.trim()) return setUnexplained(true);
    const answer = await w.cancel.run(reason, reason === "other" ? explanation.trim() : undefined);
    if (answer) return done(say("membership.cancelled"), "cancel");
    const error = w.cancel.error.peek();
    if (error instanceof ApiError && error.code === "explanation_required") setUnexplained(true);
    else setFailure(say("error.unexpected"));
  }
  return (
    <form class={s.flow} onSubmit={submit} noValidate>
      <fieldset class={s.fieldset} aria-describedby={missing ? "reason-error" : undefined}>
        <legend>{say("membership.reasonQuestion")}</legend>
        {CANCEL_REASONS.map((r) => (
          <label key={r} class={s.choice}>
            <input
              type="radio"
              name="reason"
              checked={reason === r}
              onChange={() => {
                setReason(r);
                setMissing(false);
              }}
            />
            <span>{say(`cancelReason.${r}`)}</span>
          </label>
        ))}
      </fieldset>
      {reason === "other" && (
        <div class={s.field}>
          <label for="explanation">{say("membership.explain")}</label>
          <textarea
            id="explanation"
            rows={3}
            maxLength={1000}
            value={explanation}
            aria-invalid={unexplained}
            aria-describedby={unexplained ? "explanation-error" : undefined}
            onInput={(e) => {
              setExplanation((e.target as HTMLTextAreaElement).value);
              setUnexplained(false);
            }}
          />
          {unexplained && (
            <p id="explanation-error" role="alert" class={s.invalid}>
              {say("error.explanationRequired")}
            </p>
          )}
        </div>
      )}
      {missing && (
        <p id="reason-error" role="alert" class={s.invalid}>
          {say("error.cancelReasonRequired")}
        </p>
      )}
      {failure && <Oops message={failure} email={supportEmail} />}
      <div class={s.actions}>
        <Button variant="danger" type="submit" busy={busy}>
          {say("action.cancelAnyway")}
        </Button>
        <Button variant="primary" onClick={close}>
          {say("action.keepWorkingOut")}
        </Button>
      </div>
    </form>
  );
}

export function StudioLink({ data, supportEmail, done }: FlowProps) {
  const w = withWrites(data);
  const s = flowStyles(useCss());
  const [email, setEmail] = useState(w.mailRequestAddress.value ?? "");
  const [failure, setFailure] = useState("");
  const busy = w.requestStudioLink.loading.value;
  const [invalid, setInvalid] = useState(false);
  async function submit(e: Event) {
    e.preventDefault();
    setFailure("");
    if (!looksLikeEmail(email)) return setInvalid(true);
    const answer = await w.requestStudioLink.run(email.trim());
    if (answer !== undefined) return done(say("success.emailSent"), "studio-link");
    // Spec §4: the failure keeps the server's answer. An unknown studio address (404) and a malformed one (400) are
    // said where the email is typed; anything else is the spec's send-email failure.
    const error = w.requestStudioLink.error.peek() as { status?: number } | undefined;
    if (error?.status === 404) setFailure(messageOf(error)[0] ?? say("error.sendEmail"));
    else if (error?.status === 400) setInvalid(true);
    else setFailure(say("error.sendEmail"));
  }
  return (
    <form class={s.flow} onSubmit={submit} noValidate>
      <p>{say("membership.studioIntro")}</p>
      <div class={s.field}>
        <label for="studio-email">{say("membership.studioEmail")}</label>
        <input
          id="studio-email"
          type="email"
          required
          autoComplete="email"
          maxLength={254}
          value={email}
          aria-invalid={invalid || !!failure}
          aria-describedby={invalid ? "studio-email-error" : failure ? "studio-email-failure" : undefined}
          onInput={(e) => {
            setEmail((e.target as HTMLInputElement).value);
            setInvalid(false);
          }}
        />
        {invalid && (
          <p id="studio-email-error" role="alert" class={s.invalid}>
            {say("error.invalidEmail")}
          </p>
        )}
        {failure && failure !== say("error.sendEmail") && (
          <p id="studio-email-failure" role="alert" class={s.invalid}>
            {failure}
          </p>
        )}
      </div>
      {failure === say("error.sendEmail") && <Oops message={failure} email={supportEmail} />}
      <div class={s.actions}>
        <Button variant="primary" type="submit" busy={busy}>
          {say("membership.sendLink")}
        </Button>
      </div>
    </form>
  );
}
