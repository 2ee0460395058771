/** @jsxImportSource preact */
import { useState } from "preact/hooks";
import { ApiError } from "../../src/api/error.js";
import type { PaymentCard } from "../../src/api/index.js";
import { useCss } from "../ui/context.js";
import { Button } from "../ui/parts.js";
import { useBillingProvider } from "./billing-provider.js";
import type { useMembership } from "./data.js";
import { say } from "./flow-copy.js";
import { flowStyles } from "./flow-styles.js";
import { Oops } from "./oops.js";
import { messageOf } from "./refusal-messages.js";

type CardProblem = "card.number.invalid" | "card.exp.expired" | "card.cvc.invalid";
/**
 * The problems a refused card names by field (`card_invalid`'s values: number, exp, cvc), in the member's language;
 * the server's own sentences for a problem this form does not know.
 */
function cardProblems(values: object | undefined, error: unknown): string[] {
  const said = Object.entries(values ?? {}).map(([field, problem]) => say(`card.${field}.${problem}` as CardProblem));
  return said.length && said.every(Boolean) ? said : messageOf(error);
}
import { updateCard } from "./writes.js";

type Data = ReturnType<typeof useMembership>;

/**
 * The card form (sandbox card fields; the number goes to the provider's stand-in, never to our database). A failure
 * names the problem the server found (invalid number, expired, security code, declined) instead of a generic error.
 */
export function CardForm({
  data,
  supportEmail,
  submitLabel,
  onSaved,
}: {
  data: Data;
  supportEmail: string;
  submitLabel: string;
  onSaved(card: PaymentCard): void;
}) {
  const s = flowStyles(useCss());
  const sandbox = useBillingProvider(data.store) === "sandbox";
  const [problem, setProblem] = useState<string[]>([]);
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  async function submit(e: Event) {
    e.preventDefault();
    const form = new FormData(e.target as HTMLFormElement);
    const [month, year] = String(form.get("exp"))
      .split("/")
      .map((x) => Number(x.trim()));
    setBusy(true);
    setFailure("");
    setProblem([]);
    try {
      const saved = await updateCard(data, {
        number: String(form.get("number")).replace(/\s+/g, ""),
        exp_month: month || 0,
        exp_year: year && year < 100 ? 2000 + year : year || 0,
        cvc: String(form.get("cvc")),
      });
      onSaved(saved);
    } catch (error) {
      const refusal = error instanceof ApiError ? error : undefined;
      const named = refusal?.code === "card_invalid" ? cardProblems(refusal.values, error) : [];
      if (refusal?.status === 402) setProblem([say("membership.cardDeclined")]);
      else if (named.length) setProblem(named);
      else setFailure(say("error.payment"));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form class={s.flow} onSubmit={submit}>
      {sandbox && <p class={s.hint}>{say("membership.testCards")}</p>}
      <div class={s.field}>
        <label for="number">{say("membership.cardNumber")}</label>
        <input
          id="number"
          name="number"
          inputMode="numeric"
          autoComplete="cc-number"
          required
          pattern="[0-9 ]{12,23}"
          aria-invalid={problem.length > 0}
          aria-describedby="card-problem"
        />
      </div>
      <div class={s.row}>
        <div class={s.field}>
          <label for="exp">{say("membership.expiry")}</label>
          <input
            id="exp"
            name="exp"
            placeholder={say("membership.expiryFormat")}
            autoComplete="cc-exp"
            required
            pattern={"\\d{1,2}\\s*/\\s*\\d{2,4}"}
          />
        </div>
        <div class={s.field}>
          <label for="cvc">{say("membership.cvc")}</label>
          <input id="cvc" name="cvc" inputMode="numeric" autoComplete="cc-csc" required pattern={"\\d{3,4}"} />
        </div>
      </div>
      <p id="card-problem" role="alert" class={s.invalid}>
        {problem.join(" ")}
      </p>
      {failure && <Oops message={failure} email={supportEmail} />}
      <div class={s.actions}>
        <Button variant="primary" type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
