import "../../../../widgets/membership-panel/define.js";
import { useLocation } from "wouter";
import { t } from "../../../../src/i18n/index.js";
import { TAGS, EVENTS } from "../../../../widgets/constants.js";
import { useStore } from "../../lib/store.js";
import { Widget } from "../../lib/widget.js";
import { EXTERNAL } from "../../lib/links.js";
import { space } from "../../theme/tokens.js";
import { Page, PageHeader, card, lead, stack } from "../../ui/page.js";

/**
 * /account/membership/join: becoming a member (or resubscribing) in the app. The funnel itself is the membership
 * panel's join flow (plan, promo code, card, confirmation of what will be charged and when), so the app and an
 * embedding site share one implementation; once the checkout succeeds the member's claims are reloaded and they
 * land on /home, entitled.
 */
export default function JoinPage() {
  const store = useStore();
  const [, navigate] = useLocation();
  // The join reloaded the claims before the panel said so: the member lands on /home entitled.
  const onChange = (e: CustomEvent) => {
    if ((e.detail as { action?: string } | undefined)?.action === "join") navigate("/home");
  };
  return (
    <Page narrow>
      <div className={stack(space[5])}>
        <PageHeader kicker={t("account.kicker")} title={t("join.title")} />
        <p className={lead}>{t("join.lead")}</p>
        <div className={card}>
          <Widget
            tag={TAGS.membershipPanel}
            props={{ store }}
            attrs={{ flow: "join", "support-email": EXTERNAL.support }}
            on={{ [EVENTS.membershipChange]: (e: CustomEvent) => void onChange(e) }}
          />
        </div>
      </div>
    </Page>
  );
}
