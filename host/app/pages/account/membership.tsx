import "../../../../widgets/membership-panel/define.js";
import { TAGS } from "../../../../widgets/constants.js";
import { useStore } from "../../lib/store.js";
import { Widget } from "../../lib/widget.js";
import { EXTERNAL } from "../../lib/links.js";
import { AccountLayout } from "./account-layout.js";

/** /account/membership (and its manage and billing-address steps): the plan, card and changes on <fit-membership-panel>. */
export default function MembershipPage() {
  const store = useStore();
  return (
    <AccountLayout title="Membership">
      <Widget tag={TAGS.membershipPanel} props={{ store }} attrs={{ "support-email": EXTERNAL.support }} />
    </AccountLayout>
  );
}
