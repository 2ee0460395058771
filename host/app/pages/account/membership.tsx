import "../../../../widgets/membership-panel/define.js";
import { useRef } from "react";
import { useLocation } from "wouter";
import { t, type MessageKey } from "../../../../src/i18n/index.js";
import { TAGS, EVENTS } from "../../../../widgets/constants.js";
import type { MembershipStepDetail } from "../../../../widgets/membership-panel/names.js";
import { useStore } from "../../lib/store.js";
import { useSession } from "../../lib/session.js";
import { Widget } from "../../lib/widget.js";
import { EXTERNAL } from "../../lib/links.js";
import { space } from "../../theme/tokens.js";
import { lead, stack } from "../../ui/page.js";
import { AccountLayout } from "./account-layout.js";
import { useMembershipAnalytics } from "./membership-analytics.js";
import { MembershipLinks } from "./membership-links.js";
import { PlansSummary } from "./plans-summary.js";
import { useStudioLinkConfirmation } from "./use-studio-link.js";
import { SuccessNote } from "../../ui/notice.js";
import { OopsModal } from "../../ui/oops.js";

const SECTIONS: Record<string, { title: MessageKey; lead?: MessageKey }> = {
  "/account/membership": { title: "accountMembership.title" },
  "/account/membership/manage": { title: "accountMembership.manageTitle", lead: "accountMembership.manageLead" },
  "/account/membership/billing-address": {
    title: "accountMembership.billingTitle",
    lead: "accountMembership.billingLead",
  },
  "/account/membership/pause": { title: "accountMembership.pauseTitle", lead: "accountMembership.pauseLead" },
};
/** The panel flow a sub-page opens in place. */
const FLOWS: Record<string, string> = {
  "/account/membership/billing-address": "address",
  "/account/membership/pause": "pause",
};
/**
 * /account/membership, /manage, /billing-address and /pause: the plan, card and billing address with every flow
 * (change plan and promo, card, address, two-step cancel, reactivate, pause, unpause, studio link) on
 * <fit-membership-panel>, whose errors are its OOPS! dialogs; /billing-address and /pause open the panel's own
 * address and pause flows in place (`flow="address"`, `flow="pause"`). The
 * page reports the product facts' membership analytics events from the panel's `fit-membership-step` events.
 */
export default function MembershipPage() {
  const store = useStore();
  const [location, navigate] = useLocation();
  const path = location.replace(/\/+$/, "");
  const section = SECTIONS[path] ?? SECTIONS["/account/membership"]!;
  const session = useSession();
  // Without a membership (never, or ended) there is no plan to change or cancel: the lead says how to get one.
  const noMembership = session.ready && !session.entitled && !session.status.paused;
  const leadKey: MessageKey | undefined =
    section.lead === "accountMembership.manageLead" && noMembership
      ? session.status.previouslyEntitled
        ? "accountMembership.manageLeadLapsed"
        : "accountMembership.manageLeadNone"
      : section.lead;
  const host = useRef<HTMLDivElement>(null);
  const onStep = useMembershipAnalytics(host, location);
  const studioLink = useStudioLinkConfirmation();
  // Resubscribed: entitled again (the write reloaded the claims), so the member goes where members start.
  const onChange = (e: CustomEvent) => {
    if ((e.detail as { action?: string } | undefined)?.action === "join") navigate("/home");
  };
  return (
    <AccountLayout title={t(section.title)}>
      <div className={stack(space[5])}>
        <MembershipLinks />
        <SuccessNote>{studioLink.notice}</SuccessNote>
        {leadKey ? <p className={lead}>{t(leadKey)}</p> : null}
        {section === SECTIONS["/account/membership/manage"] ? <PlansSummary /> : null}
        <div ref={host}>
          <Widget
            tag={TAGS.membershipPanel}
            props={{ store }}
            attrs={{
              "support-email": EXTERNAL.support,
              flow: FLOWS[path],
            }}
            on={{
              [EVENTS.membershipChange]: (e: CustomEvent) => void onChange(e),
              [EVENTS.membershipStep]: (e: CustomEvent<MembershipStepDetail>) => void onStep(e),
            }}
          />
        </div>
      </div>
      <OopsModal message={studioLink.failure} onClose={studioLink.dismiss} />
    </AccountLayout>
  );
}
