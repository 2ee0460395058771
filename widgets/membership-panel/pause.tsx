/** @jsxImportSource preact */
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { PAUSE_MONTHS, pauseWindow, type PauseMonths } from "../../src/domain/membership-pause.js";
import { useCss } from "../ui/context.js";
import { useWidgetConfig } from "../ui/config.js";
import { Button } from "../ui/parts.js";
import { sayWith } from "../ui/copy.js";
import { money } from "./charge.js";
import { say as flowSay } from "./flow-copy.js";
import { flowStyles } from "./flow-styles.js";
import { Oops } from "./oops.js";
import { messageOf } from "./refusal-messages.js";
import { withWrites } from "./writes.js";
import type { FlowProps } from "./flows.js";

const say = sayWith({
  "pause.intro": "You keep access until {start}. Nothing is charged while paused, and it resumes by itself.",
  "pause.howLong": "How long do you want to pause?",
  "pause.months": "{n} month{s}",
  "pause.until": "back on {date}",
  "pause.confirm": "You are pausing your membership for {length}.",
  "pause.dates": "Access ends on {start} and comes back on {end}.",
  "pause.charge": "Your card will be charged {price} on {date}, when your membership resumes.",
  "pause.done": "Your membership will pause on {start} and resume on {end}.",
  "pause.pausedUntil": "Your membership is paused until {end}, when it resumes by itself.",
  "pause.keep": "Keep my membership running",
  "pause.keepConfirm": "It will not pause: your card will be charged {price} on {date}, as before.",
  "pause.kept": "Your membership will keep running.",
});

const length = (n: number) => say("pause.months", { n, s: n === 1 ? "" : "s" });

/**
 * Pausing a membership (issue 19): the member chooses 1, 2 or 3 months, sees the dates access ends and comes back
 * (the end of the paid period, then that many months on: the server's rule, src/domain/membership-pause.ts) and what
 * resuming charges, then confirms in the spec's plan-change style ("YES, I AGREE" / "No, take me back"). With a pause
 * scheduled, the flow withdraws it, confirmed the same way; where pausing is not possible it says why (the server's
 * `pause_refusal`).
 */
export function PauseMembership({ data, supportEmail, done, close, progress }: FlowProps) {
  const s = flowStyles(useCss());
  const config = useWidgetConfig();
  const w = withWrites(data);
  const sub = data.subscription;
  const [months, setMonths] = useState<PauseMonths>(1);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState("");
  if (!sub) return null;
  const date = (d: Date | string) =>
    new Intl.DateTimeFormat(config.locale, { dateStyle: "long", timeZone: config.timeZone }).format(new Date(d));
  const price = sub.next_renewal ? money(sub.next_renewal.amount, String(sub.currency ?? "USD")) : "";
  const pause = sub.pause;
  const end = sub.expiration_date;
  const scheduled = !!pause && sub.state !== "paused";
  const chosen = end ? pauseWindow(end, months) : null;
  const write = scheduled ? w.cancelPause : w.pause;

  const confirm = async () => {
    progress("confirmed");
    setFailure("");
    const answer = await (scheduled ? w.cancelPause.run() : w.pause.run(months));
    if (answer?.pause)
      return done(
        say("pause.done", { start: date(answer.pause.starts_at), end: date(answer.pause.resumes_at) }),
        "pause",
      );
    if (answer) return done(say("pause.kept"), "pause");
    const error = write.error.peek() as { status?: number } | undefined;
    setConfirming(false);
    // The server's refusal names what is wrong ("The membership is already paused"); anything else is unexpected.
    setFailure((error?.status === 400 && messageOf(error)[0]) || flowSay("error.unexpected"));
  };
  const actions = (primary: ComponentChildren) => (
    <>
      {failure && <Oops message={failure} email={supportEmail} />}
      <div class={s.actions}>
        {primary}
        <Button onClick={() => (confirming ? setConfirming(false) : close())}>{flowSay("action.takeMeBack")}</Button>
      </div>
    </>
  );
  const agree = (
    <Button variant="primary" busy={write.loading.value} onClick={confirm}>
      {flowSay("action.agree")}
    </Button>
  );

  // A pause is waiting to start: the member may withdraw it.
  if (scheduled && pause) {
    return (
      <div class={s.flow}>
        <p>{say("pause.done", { start: date(pause.starts_at), end: date(pause.resumes_at) })}</p>
        {confirming && <p>{say("pause.keepConfirm", { price, date: date(pause.starts_at) })}</p>}
        {actions(
          confirming ? (
            agree
          ) : (
            <Button variant="primary" onClick={() => setConfirming(true)}>
              {say("pause.keep")}
            </Button>
          ),
        )}
      </div>
    );
  }
  if (sub.pause_refusal !== null || !chosen || !end) {
    return (
      <div class={s.flow}>
        {pause && <p>{say("pause.pausedUntil", { end: date(pause.resumes_at) })}</p>}
        <p>{sub.pause_refusal ?? flowSay("error.unexpected")}</p>
        {actions(null)}
      </div>
    );
  }
  if (confirming) {
    return (
      <div class={s.flow}>
        <p>
          <strong>{say("pause.confirm", { length: length(months) })}</strong>
        </p>
        <p>{say("pause.dates", { start: date(chosen.starts_at), end: date(chosen.resumes_at) })}</p>
        {price && <p>{say("pause.charge", { price, date: date(chosen.resumes_at) })}</p>}
        {actions(agree)}
      </div>
    );
  }
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
      <p>{say("pause.intro", { start: date(end) })}</p>
      <fieldset class={s.fieldset}>
        <legend>{say("pause.howLong")}</legend>
        {PAUSE_MONTHS.map((n) => (
          <label key={n} class={s.choice}>
            <input type="radio" name="pause-months" checked={months === n} onChange={() => setMonths(n)} />
            <span>
              <strong>{length(n)}</strong>, {say("pause.until", { date: date(pauseWindow(end, n).resumes_at) })}
            </span>
          </label>
        ))}
      </fieldset>
      {actions(
        <Button variant="primary" type="submit">
          {flowSay("action.continue")}
        </Button>,
      )}
    </form>
  );
}
