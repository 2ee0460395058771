/** @jsxImportSource preact */
import { useState } from "preact/hooks";
import { PAUSE_MONTHS, pauseRefusal, pauseWindow, type PauseMonths } from "../../src/domain/membership-pause.js";
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
  "pause.intro":
    "Take a break for 1 to 3 months. You keep access until {start}; nothing is charged while your membership is paused, and it resumes by itself.",
  "pause.howLong": "How long do you want to pause?",
  "pause.month": "1 month",
  "pause.months": "{n} months",
  "pause.until": "back on {date}",
  "pause.confirm": "You are pausing your membership for {length}.",
  "pause.dates": "Access ends on {start} and comes back on {end}.",
  "pause.charge": "Your card will be charged {price} on {end}, when your membership resumes.",
  "pause.done": "Your membership will pause on {start} and resume on {end}.",
  "pause.scheduled": "Your membership pauses on {start} and resumes on {end}.",
  "pause.pausedUntil": "Your membership is paused until {end}, when it resumes by itself.",
  "pause.keep": "Keep my membership running",
  "pause.keepConfirm": "You are keeping your membership running: it will not pause.",
  "pause.keepCharge": "Your card will be charged {price} on {date}, as before.",
  "pause.kept": "Your membership will keep running.",
  "pause.refused": "This membership cannot be paused now.",
});

const length = (n: number) => (n === 1 ? say("pause.month") : say("pause.months", { n }));

/**
 * Pausing a membership (issue 19): the member chooses 1, 2 or 3 months, sees the dates access ends and comes back
 * (the end of the paid period, then that many months on: the same rule the server applies,
 * src/domain/membership-pause.ts) and what resuming charges, then confirms in the spec's plan-change style ("YES, I
 * AGREE" / "No, take me back"). With a pause already scheduled, the flow offers to withdraw it, confirmed the same
 * way; where pausing is not possible it says why.
 */
export function PauseMembership({ data, supportEmail, done, close, progress }: FlowProps) {
  const s = flowStyles(useCss());
  const config = useWidgetConfig();
  const w = withWrites(data);
  const sub = data.subscription;
  const [months, setMonths] = useState<PauseMonths>(1);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState("");
  const date = (d: Date | string) =>
    new Intl.DateTimeFormat(config.locale, { dateStyle: "long", timeZone: config.timeZone }).format(new Date(d));
  const price = sub?.next_renewal ? money(sub.next_renewal.amount, String(sub.currency ?? "USD")) : "";
  const back = (
    <Button onClick={() => (confirming ? setConfirming(false) : close())}>{flowSay("action.takeMeBack")}</Button>
  );
  const refused = (e: unknown) => {
    const status = (e as { status?: number } | undefined)?.status;
    setConfirming(false);
    setFailure(status === 400 ? (messageOf(e)[0] ?? say("pause.refused")) : flowSay("error.unexpected"));
  };

  if (!sub) return null;
  const pause = sub.pause;

  // A pause is waiting to start: the member may withdraw it.
  if (pause && sub.state !== "paused") {
    const keep = async () => {
      progress("confirmed");
      setFailure("");
      const answer = await w.cancelPause.run();
      if (answer) return done(say("pause.kept"), "pause");
      refused(w.cancelPause.error.peek());
    };
    return (
      <div class={s.flow}>
        <p>{say("pause.scheduled", { start: date(pause.starts_at), end: date(pause.resumes_at) })}</p>
        {confirming ? (
          <>
            <p>
              <strong>{say("pause.keepConfirm")}</strong>
            </p>
            {price && <p>{say("pause.keepCharge", { price, date: date(pause.starts_at) })}</p>}
          </>
        ) : null}
        {failure && <Oops message={failure} email={supportEmail} />}
        <div class={s.actions}>
          {confirming ? (
            <Button variant="primary" busy={w.cancelPause.loading.value} onClick={keep}>
              {flowSay("action.agree")}
            </Button>
          ) : (
            <Button variant="primary" onClick={() => setConfirming(true)}>
              {say("pause.keep")}
            </Button>
          )}
          {back}
        </div>
      </div>
    );
  }

  const refusal = pauseRefusal(sub, Date.now());
  if (refusal || !sub.expiration_date) {
    return (
      <div class={s.flow}>
        {pause && <p>{say("pause.pausedUntil", { end: date(pause.resumes_at) })}</p>}
        <p>{refusal ?? say("pause.refused")}</p>
        <div class={s.actions}>{back}</div>
      </div>
    );
  }
  const end = sub.expiration_date;
  const chosen = pauseWindow(end, months);

  const confirm = async () => {
    progress("confirmed");
    setFailure("");
    const answer = await w.pause.run(months);
    if (answer)
      return done(
        say("pause.done", {
          start: date(answer.pause?.starts_at ?? chosen.starts_at),
          end: date(answer.pause?.resumes_at ?? chosen.resumes_at),
        }),
        "pause",
      );
    refused(w.pause.error.peek());
  };

  if (confirming) {
    return (
      <div class={s.flow}>
        <p>
          <strong>{say("pause.confirm", { length: length(months) })}</strong>
        </p>
        <p>{say("pause.dates", { start: date(chosen.starts_at), end: date(chosen.resumes_at) })}</p>
        {price && <p>{say("pause.charge", { price, end: date(chosen.resumes_at) })}</p>}
        {failure && <Oops message={failure} email={supportEmail} />}
        <div class={s.actions}>
          <Button variant="primary" busy={w.pause.loading.value} onClick={confirm}>
            {flowSay("action.agree")}
          </Button>
          {back}
        </div>
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
      {failure && <Oops message={failure} email={supportEmail} />}
      <div class={s.actions}>
        <Button variant="primary" type="submit">
          {flowSay("action.continue")}
        </Button>
        {back}
      </div>
    </form>
  );
}
