/** @jsxImportSource preact */
import { useState } from "preact/hooks";
import { useCss } from "../ui/context.js";
import { useWidgetConfig } from "../ui/config.js";
import { Button } from "../ui/parts.js";
import { sayWith } from "../ui/copy.js";
import { longDate, money } from "./charge.js";
import { say as panelSay } from "./copy.js";
import { say as flowSay } from "./flow-copy.js";
import { flowStyles } from "./flow-styles.js";
import { Oops } from "./oops.js";
import { messageOf } from "./refusal-messages.js";
import { withWrites } from "./writes.js";
import type { FlowProps } from "./flows.js";

export const say = sayWith({
  "pause.howLong": "Access until {start}, then pause for",
  "pause.months": "{n} months, back on {end}",
  "pause.months#one": "{n} month, back on {end}",
  "pause.confirm": "You are pausing your membership for {n} months.",
  "pause.confirm#one": "You are pausing your membership for {n} month.",
  "pause.dates": "Access ends on {start}, back on {end}.",
  "pause.charge": "Your card will be charged {price} on {end}, when it resumes.",
  "pause.done": "Your membership pauses on {start} and resumes on {end}.",
  "pause.kept": "Pause withdrawn.",
});

/**
 * Pausing a membership (issue 19): the member chooses 1, 2 or 3 months, sees the dates access ends and comes back
 * (the server's `pause_options`, from its rule in src/domain/membership-pause.ts) and what resuming charges, then
 * confirms in the spec's plan-change style ("YES, I AGREE" / "No, take me back"). With a pause scheduled, the flow
 * withdraws it, confirmed the same way; where pausing is not possible it says why (the server's `pause_refusal`).
 */
export function PauseMembership({ data, supportEmail, done, close, progress }: FlowProps) {
  const s = flowStyles(useCss());
  const config = useWidgetConfig();
  const w = withWrites(data);
  const [months, setMonths] = useState<1 | 2 | 3>(1);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState("");
  const sub = data.subscription;
  if (!sub) return null;
  const date = (iso: string) => longDate(iso, config);
  const options = sub.pause_options;
  const scheduled = sub.state === "paused" ? null : sub.pause;
  const write = scheduled ? w.cancelPause : w.pause;
  const words = (n: number, window = scheduled ?? options.find((o) => o.months === n)) => ({
    n,
    count: n,
    start: window ? date(window.starts_at) : "",
    end: window ? date(window.resumes_at) : "",
    price: sub.next_renewal ? money(sub.next_renewal.amount, sub.currency) : "",
  });
  const p = words(months);

  const confirm = async () => {
    progress("confirmed");
    setFailure("");
    const answer = await (scheduled ? w.cancelPause.run() : w.pause.run(months));
    if (answer) return done(answer.pause ? say("pause.done", p) : say("pause.kept"), "pause");
    const error = write.error.peek() as { status?: number } | undefined;
    setConfirming(false);
    // The server's refusal names what is wrong ("The membership is already paused"); anything else is unexpected.
    setFailure((error?.status === 400 && messageOf(error)[0]) || flowSay("error.unexpected"));
  };
  // Withdrawing a scheduled pause needs no second step: the dialog states the pause, and the press keeps things as
  // they were before it.
  const primary =
    confirming || scheduled ? (
      <Button variant="primary" busy={write.loading.value} onClick={confirm}>
        {scheduled ? panelSay("membership.changePause") : flowSay("action.agree")}
      </Button>
    ) : sub.pause_refusal === null ? (
      <Button variant="primary" type="submit">
        {flowSay("action.continue")}
      </Button>
    ) : null;

  return (
    <form
      class={s.flow}
      onSubmit={(e) => {
        e.preventDefault();
        setFailure("");
        setConfirming(true);
        progress("pause-chosen");
      }}
    >
      {scheduled ? (
        <p>{say("pause.done", p)}</p>
      ) : sub.pause_refusal !== null ? (
        <p>{sub.pause_refusal}</p>
      ) : confirming ? (
        <>
          <p>
            <strong>{say("pause.confirm", p)}</strong>
          </p>
          <p>{say("pause.dates", p)}</p>
          {p.price && <p>{say("pause.charge", p)}</p>}
        </>
      ) : (
        <>
          <fieldset class={s.fieldset}>
            <legend>{say("pause.howLong", p)}</legend>
            {options.map((o) => (
              <label key={o.months} class={s.choice}>
                <input
                  type="radio"
                  name="pause-months"
                  checked={months === o.months}
                  onChange={() => setMonths(o.months)}
                />
                <span>{say("pause.months", words(o.months))}</span>
              </label>
            ))}
          </fieldset>
        </>
      )}
      {failure && <Oops message={failure} email={supportEmail} />}
      <div class={s.actions}>
        {primary}
        <Button onClick={() => (confirming ? setConfirming(false) : close())}>{flowSay("action.takeMeBack")}</Button>
      </div>
    </form>
  );
}
