/** @jsxImportSource preact */
import { useCallback, useEffect, useState } from "preact/hooks";
import { canLinkStudio, managedElsewhere } from "../../src/domain/membership.js";
import { formatPrice } from "../../src/domain/prices.js";
import { EVENTS, type MembershipFlow, type MembershipStep } from "./names.js";
import { useCss, useWidget } from "../ui/context.js";
import { say } from "./copy.js";
import { useWidgetConfig } from "../ui/config.js";
import { Button, EmptyState, ErrorState, LiveRegion, Modal, Skeleton } from "../ui/parts.js";
import { useMembership } from "./data.js";
import { lazy } from "../ui/lazy.js";
import { Oops } from "./oops.js";
import { panelStyles } from "./styles.js";

export interface MembershipPanelProps {
  supportEmail?: string;
  /**
   * "join": the join (or resubscribe) funnel in place of the summary; "address": the summary with the billing address
   * form open in place of the address; "pause": the pause flow in place, above the summary.
   */
  flow?: string;
}

const STATES = ["active", "canceled", "inactive", "paused", "trial", "past_due"] as const;
type Flow = Exclude<MembershipFlow, "reactivate"> | null;
const TITLES: Record<Exclude<Flow, null>, Parameters<typeof say>[0]> = {
  join: "membership.join",
  plan: "membership.changePlan",
  card: "membership.updatePayment",
  address: "membership.address",
  cancel: "membership.cancelTitle",
  "studio-link": "membership.linkStudio",
  pause: "membership.pause",
  unpause: "membership.unpause",
};

/** The flows (change plan, card, address, cancel, pause, studio link) load when the member first opens one. */
const flowsModule = lazy(() => import("./flows.js"));

type Emit = (flow: MembershipFlow, step: MembershipStep) => void;
/** Says once that a flow shows (`fit-membership-step` "opened"), in a dialog or in place. */
function Opened({ flow, step }: { flow: MembershipFlow; step: Emit }) {
  useEffect(() => step(flow, "opened"), []);
  return null;
}

/** `<fit-membership-panel>`: the member's plan, payment and address, and every membership flow. */
export function MembershipPanel(props: MembershipPanelProps) {
  const css = useCss();
  const { emit } = useWidget();
  const config = useWidgetConfig();
  const data = useMembership();
  const s = panelStyles(css);
  const [flow, setFlow] = useState<Flow>(null);
  // The hosted app's join, billing address and pause pages ask for that flow in place (flow="join", flow="address",
  // flow="pause"); it leaves once done, or when the member backs out of joining or pausing.
  const [inline, setInline] = useState(props.flow);
  useEffect(() => setInline(props.flow), [props.flow]);
  const [notice, setNotice] = useState("");
  const [failure, setFailure] = useState("");
  const supportEmail = props.supportEmail || "support@fitkit.dev";
  const close = useCallback(() => setFlow(null), []);
  const flows = flowsModule.use(!!(flow || inline));
  const now = Date.now();
  const date = (iso: string | null | undefined) =>
    iso
      ? new Intl.DateTimeFormat(config.locale, { dateStyle: "long", timeZone: config.timeZone }).format(new Date(iso))
      : "";

  const step: Emit = (f, st) => emit(EVENTS.membershipStep, { flow: f, step: st });
  const done = (message: string, action: MembershipFlow) => {
    setFlow(null);
    setInline("");
    setNotice(message);
    emit(EVENTS.membershipChange, { action });
    step(action, "completed");
  };

  if (!data.signedIn) {
    return (
      <EmptyState title={say("membership.signIn")}>
        <a href={`${config.appUrl}/continue`}>{say("membership.signInLink")}</a>
      </EmptyState>
    );
  }
  if (data.status === "error")
    return <ErrorState message={say("error.loading")} retry={data.retry} retryLabel={say("retry")} />;
  const sub = data.subscription;
  if (sub === undefined) return <Skeleton label={say("loading")} rows={3} height={88} />;

  const flowProps = {
    data,
    supportEmail,
    done,
    close,
    progress: (st: MembershipStep) => step((flow || inline) as MembershipFlow, st),
  };
  // While the flows load (or when they could not).
  const pending = (rows: number) =>
    flows.failed ? (
      <ErrorState message={say("error.loading")} retry={flows.retry} retryLabel={say("retry")} />
    ) : (
      <Skeleton label={say("loading")} rows={rows} height={48} />
    );
  const m = flows.module;
  const Flow =
    flow &&
    m &&
    {
      plan: m.ChangePlan,
      card: m.UpdateCard,
      address: m.BillingAddressForm,
      cancel: m.CancelMembership,
      "studio-link": m.StudioLink,
      join: m.JoinMembership,
      pause: m.PauseMembership,
      unpause: m.UnpauseMembership,
    }[flow];
  const joinable = !sub || sub.state === "expired";
  if (inline === "join" && joinable) {
    return (
      <div class={s.root}>
        {m ? (
          <>
            <Opened flow="join" step={step} />
            <m.JoinMembership {...flowProps} close={() => setInline("")} />
          </>
        ) : (
          pending(3)
        )}
      </div>
    );
  }
  const joinButton = (
    <Button part="link" variant="primary" onClick={() => setFlow("join")}>
      {say(sub ? "membership.resubscribe" : "membership.join")}
    </Button>
  );
  const modal = (
    <Modal open={!!flow} onClose={close} title={flow ? say(TITLES[flow]) : ""}>
      {Flow ? (
        <>
          <Opened flow={flow} step={step} key={flow} />
          <Flow {...flowProps} />
        </>
      ) : (
        flow && pending(2)
      )}
    </Modal>
  );
  const studioLink = canLinkStudio(sub, now) && (
    <Button part="link" variant="link" onClick={() => setFlow("studio-link")}>
      {say("membership.linkStudio")}
    </Button>
  );
  const status = notice && (
    <p class={s.success} role="status">
      {notice}
    </p>
  );

  if (!sub) {
    return (
      <div class={s.root}>
        {status}
        <section part="section" class={s.section}>
          <p>{say("membership.none")}</p>
          <div class={s.links}>
            {joinButton}
            {studioLink}
          </div>
        </section>
        {modal}
      </div>
    );
  }

  const managed = managedElsewhere(sub.provider);
  const display = sub.display_state;
  const shown = sub.state === "paused" || sub.state === "trial" ? sub.state : display;
  const stateLabel = STATES.includes(shown as (typeof STATES)[number])
    ? say(`membership.state.${shown as (typeof STATES)[number]}`)
    : display;
  const canceled = sub.state === "canceled" || sub.cancel_at_period_end === true;
  // An ended membership (expired) has nothing to change or cancel: the member resubscribes.
  const ended = sub.state === "expired";
  const stillValid = !!sub.expiration_date && new Date(sub.expiration_date).getTime() > now;
  const card = sub.payment_method;
  const pause = sub.pause;
  // The server says whether it may pause (src/domain/membership-pause.ts), so the rule's words stay out of the panel.
  const pausable = !managed && sub.pause_refusal === null;

  async function reactivate() {
    setFailure("");
    const answer = await data.m.reactivate.run();
    if (answer) done(say("membership.reactivated"), "reactivate");
    else setFailure(say("error.unexpected"));
  }

  return (
    <div class={s.root}>
      {status}
      {failure && <Oops message={failure} email={supportEmail} />}
      {inline === "pause" && !managed && (
        <section part="section" class={s.section}>
          {m ? (
            <>
              <Opened flow="pause" step={step} />
              <m.PauseMembership {...flowProps} close={() => setInline("")} />
            </>
          ) : (
            pending(2)
          )}
        </section>
      )}
      <section part="section" class={s.section} aria-labelledby="m-plan">
        <h3 id="m-plan">{say(ended ? "membership.lastPlan" : "membership.plan")}</h3>
        <p class={s.big}>{sub.name}</p>
        <dl class={s.dl}>
          <dt>{say("membership.state")}</dt>
          <dd>{stateLabel}</dd>
          {!managed && sub.next_renewal && !canceled && (
            <>
              <dt>{say("membership.nextPayment")}</dt>
              <dd>
                {formatPrice(sub.next_renewal.amount / 100, "USD", config.locale)} ·{" "}
                {date(sub.next_renewal.period_start)}
              </dd>
            </>
          )}
          {/* A VIP or complimentary membership never renews: its end date is when access stops. */}
          {(canceled || sub.state === "vip") && stillValid && (
            <>
              <dt>{say("membership.accessUntil")}</dt>
              <dd>{date(sub.expiration_date)}</dd>
            </>
          )}
          {pause && sub.state !== "paused" && (
            <>
              <dt>{say("membership.pauseStarts")}</dt>
              <dd>{date(pause.starts_at)}</dd>
            </>
          )}
          {pause && (
            <>
              <dt>{say("membership.pauseResumes")}</dt>
              <dd>{date(pause.resumes_at)}</dd>
            </>
          )}
        </dl>
        {sub.scheduled_change?.effective_at && !ended && (
          <p>
            {say(canceled ? "membership.scheduledKept" : "membership.scheduled", {
              plan: sub.scheduled_change.name,
              date: date(sub.scheduled_change.effective_at),
            })}
          </p>
        )}
        {managed ? (
          <p class={s.banner}>{say(`membership.managed.${managed}`)}</p>
        ) : sub.state === "vip" ? (
          <p>{say("membership.vip")}</p>
        ) : (
          <div class={s.links}>
            {ended && joinButton}
            {!canceled && !ended && sub.state !== "paused" && (
              <Button part="link" variant="link" onClick={() => setFlow("plan")}>
                {say("membership.changePlan")}
              </Button>
            )}
            {canceled && stillValid && (
              <Button part="link" variant="primary" busy={data.m.reactivate.loading.value} onClick={reactivate}>
                {say("membership.reactivate")}
              </Button>
            )}
            {(pausable || (pause && sub.state !== "paused")) && inline !== "pause" && (
              // A scheduled pause can be withdrawn in the same flow.
              <Button part="link" variant="link" onClick={() => setFlow("pause")}>
                {say(pausable ? "membership.pause" : "membership.changePause")}
              </Button>
            )}
            {sub.state === "paused" && (
              // Unpausing charges a new period: the flow states what and when, and charges only once confirmed.
              <Button part="link" variant="primary" aria-haspopup="dialog" onClick={() => setFlow("unpause")}>
                {say("membership.unpause")}
              </Button>
            )}
            {!canceled && !ended && sub.state !== "paused" && (
              <Button part="link" variant="link" onClick={() => setFlow("cancel")}>
                {say("membership.cancel")}
              </Button>
            )}
          </div>
        )}
        {studioLink && <div class={s.links}>{studioLink}</div>}
      </section>

      {!managed && sub.state !== "vip" && (
        <>
          <section part="section" class={s.section} aria-labelledby="m-payment">
            <h3 id="m-payment">{say("membership.payment")}</h3>
            {card ? (
              <p>
                {say("membership.card", {
                  brand: card.brand,
                  last4: card.last4,
                  month: card.exp_month,
                  year: card.exp_year,
                })}
              </p>
            ) : (
              <p class={s.banner}>{say("membership.noCard")}</p>
            )}
            <div class={s.links}>
              <Button part="link" variant="link" onClick={() => setFlow("card")}>
                {say("membership.updatePayment")}
              </Button>
            </div>
          </section>
          <section part="section" class={s.section} aria-labelledby="m-address">
            <h3 id="m-address">{say("membership.address")}</h3>
            {inline === "address" ? (
              m ? (
                <>
                  <Opened flow="address" step={step} />
                  <m.BillingAddressForm {...flowProps} />
                </>
              ) : (
                pending(2)
              )
            ) : sub.billing_address ? (
              <address>
                {[
                  sub.billing_address.address1,
                  sub.billing_address.address2,
                  `${sub.billing_address.city}, ${sub.billing_address.state} ${sub.billing_address.zip}`,
                  sub.billing_address.country,
                ]
                  .filter(Boolean)
                  .map((line) => (
                    <div key={line}>{line}</div>
                  ))}
              </address>
            ) : (
              <p>{say("membership.noAddress")}</p>
            )}
            {inline !== "address" && (
              <div class={s.links}>
                <Button part="link" variant="link" onClick={() => setFlow("address")}>
                  {say(sub.billing_address ? "membership.editAddress" : "membership.addAddress")}
                </Button>
              </div>
            )}
          </section>
        </>
      )}
      {modal}
      <LiveRegion message={notice} />
    </div>
  );
}
