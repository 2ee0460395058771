import "../../../../widgets/membership-panel/define.js";
import { TAGS } from "../../../../widgets/constants.js";
import { useStore } from "../../lib/store.js";
import { Widget } from "../../lib/widget.js";
import { EXTERNAL } from "../../lib/links.js";
import { AccountLayout } from "./account-layout.js";

/** /account/subscriptions: every subscription the member holds. */
export default function SubscriptionsPage() {
  const store = useStore();
  return (
    <AccountLayout title="Subscriptions">
      <Widget tag={TAGS.membershipPanel} props={{ store }} attrs={{ "support-email": EXTERNAL.support }} />
    </AccountLayout>
  );
}
