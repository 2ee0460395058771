import { Link, useLocation } from "wouter";
import { css } from "goober";
import { t } from "../../../src/i18n/index.js";
import { useSession } from "../lib/session.js";
import { color, space, text } from "../theme/tokens.js";

const bar = css`background: ${color.dangerSoft}; color: ${color.ink}; padding: ${space[3]}px ${space[4]}px; font-size: ${text.sm}px;
  text-align: center; a { color: inherit; font-weight: 700; margin-left: ${space[2]}px; }`;

/**
 * Failed-payment recovery's banner: while a renewal waits for a working card (the claims' payment_due), every page
 * says so and links to the membership page, where updating the card charges it at once; when it waits for the
 * member's bank to confirm it (payment_confirm), it links to the confirm page instead.
 */
export function PaymentDueBanner() {
  const session = useSession();
  const [location] = useLocation();
  if (!session.signedIn || !session.status.paymentDue || location.startsWith("/account/membership")) return null;
  if (session.status.paymentConfirm)
    return (
      <div className={bar} role="status">
        {t("shell.paymentConfirm")}
        <Link href="/account/membership/confirm">{t("shell.paymentConfirmLink")}</Link>
      </div>
    );
  return (
    <div className={bar} role="status">
      {t("shell.paymentDue")}
      <Link href="/account/membership">{t("shell.paymentDueLink")}</Link>
    </div>
  );
}
