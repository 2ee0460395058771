import { css } from "goober";
import { useSession } from "../../lib/session.js";
import { color, space, text } from "../../theme/tokens.js";
import { ButtonLink } from "../../ui/button.js";
import { card } from "../../ui/page.js";
import { AccountLayout } from "./account-layout.js";

const list = css`display: grid; gap: ${space[4]}px; margin: 0; dt { font-size: ${text.xs}px; font-weight: 800; letter-spacing: .12em; text-transform: uppercase; color: ${color.muted}; } dd { margin: 0; font-size: ${text.lg}px; }`;

/** /account: the member's profile. */
export default function AccountPage() {
  const { claims, status } = useSession();
  return (
    <AccountLayout title="Account">
      <section className={card}>
        <dl className={list}>
          <div><dt>First name</dt><dd>{claims?.given_name}</dd></div>
          <div><dt>Last name</dt><dd>{claims?.family_name}</dd></div>
          <div><dt>Email</dt><dd>{claims?.email}</dd></div>
          <div><dt>Membership</dt><dd>{status.entitled ? (status.trial ? "Free trial" : status.vip ? "VIP" : "Active") : status.paused ? "Paused" : status.previouslyEntitled ? "Ended" : "No membership"}</dd></div>
        </dl>
        <div style={{ marginTop: space[5], display: "flex", gap: space[3], flexWrap: "wrap" }}>
          <ButtonLink href="/account/settings" variant="secondary">Settings</ButtonLink>
          <ButtonLink href="/account/membership" variant="secondary">Membership</ButtonLink>
        </div>
      </section>
    </AccountLayout>
  );
}
