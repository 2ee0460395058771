/** @jsxImportSource preact */
import { useCallback, useEffect, useState } from "preact/hooks";
import { deviceClass, REFERRAL_AMOUNT, referralVisible } from "../../src/domain/referral.js";
import { membershipStart } from "../../src/domain/membership-start.js";
import { EVENTS } from "./names.js";
import { useCss, useWidget } from "../ui/context.js";
import { say } from "./copy.js";
import { readPageConfig } from "../ui/config.js";
import { Modal } from "../ui/parts.js";
import { useReferralData } from "./data.js";

export interface ReferralProps {
  frameSrc?: string;
  trialUrl?: string;
  pageKind?: string;
  consent?: boolean;
}

/** `<fit-referral>`: the fixed bottom-left offer button (spec §2, §6, §9). */
export function Referral(props: ReferralProps) {
  const css = useCss();
  const { emit } = useWidget();
  const data = useReferralData();
  const [open, setOpen] = useState(false);
  const width = useViewportWidth();
  const close = useCallback(() => setOpen(false), []);

  const visible = referralVisible({
    enabled: data.enabled,
    functionalConsent: props.consent || readPageConfig().functionalConsent === true,
    path: props.pageKind ? `/${props.pageKind}` : location.pathname,
    signedIn: data.signedIn,
    entitled: data.entitled,
    device: deviceClass(width),
  });
  if (!visible) return null;

  const trigger = css`
    position: fixed; left: 16px; bottom: 16px; z-index: 2147483000; padding: 12px 18px; border: 0; border-radius: 999px;
    background: var(--_accent); color: var(--_on-accent); font-weight: 800; letter-spacing: 0.04em; cursor: pointer;
    box-shadow: 0 6px 20px rgb(0 0 0 / 0.25);
  `;
  const frame = css`display: block; width: 100%; min-height: 420px; border: 0; border-radius: var(--_radius); background: var(--_bg);`;
  const label = say("referral.member", { amount: REFERRAL_AMOUNT });

  if (!data.entitled) {
    // Visitors and signed-in non-members (never subscribed, lapsed) have no membership to share: the offer is to
    // start one. An explicit trial-url, else the deployment's external store, else the hosted app's join funnel
    // (sign-up first for a visitor).
    const { href, newTab } = membershipStart(
      props.trialUrl || data.storeUrl,
      data.appBase,
      location.href,
      data.signedIn,
    );
    return (
      <a
        part="trigger"
        class={trigger}
        href={href}
        {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        onClick={() => emit(EVENTS.referralOpen, { member: false })}
      >
        {say("referral.visitor")}
        {newTab && <span class="fit-sr"> {say("referral.newTab")}</span>}
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        part="trigger"
        class={trigger}
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
          emit(EVENTS.referralOpen, { member: true });
        }}
      >
        {label}
      </button>
      <Modal open={open} onClose={close} title={label} maxWidth={548}>
        <p>{say("referral.body")}</p>
        {props.frameSrc && <iframe part="frame" class={frame} src={props.frameSrc} title={label} loading="lazy" />}
      </Modal>
    </>
  );
}

function useViewportWidth() {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return width;
}
