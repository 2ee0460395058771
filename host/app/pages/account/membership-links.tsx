import { Link, useLocation } from "wouter";
import { css } from "goober";
import { t, type MessageKey } from "../../../../src/i18n/index.js";
import { bp, color, radius, space, text, touch, up } from "../../theme/tokens.js";

const LINKS: { href: string; label: MessageKey }[] = [
  { href: "/account/membership", label: "accountMembership.title" },
  { href: "/account/membership/manage", label: "accountMembership.manage" },
  { href: "/account/membership/billing-address", label: "accountMembership.billing" },
  { href: "/account/subscriptions", label: "accountMembership.allSubscriptions" },
];
// On phones the four links stay one row that scrolls sideways, under the account dropdown, instead of a stack of pills.
const tabs = css`display: flex; gap: ${space[2]}px; list-style: none; margin: 0; padding: 0 0 ${space[1]}px; overflow-x: auto; scrollbar-width: thin;
  li { flex: none; }
  ${up(bp.md)} { flex-wrap: wrap; overflow: visible; }
  a { display: inline-flex; align-items: center; min-height: ${touch}px; padding: 0 ${space[4]}px; border-radius: ${radius.pill}px; border: 1.5px solid ${color.line};
    text-decoration: none; font-weight: 700; font-size: ${text.sm}px; background: ${color.surface}; }
  a:hover { border-color: ${color.ink}; } a[aria-current="page"] { background: ${color.ink}; border-color: ${color.ink}; color: #fff; }`;

/** The membership area's sub-pages as links (plan, manage, billing address, every subscription). */
export function MembershipLinks() {
  const [location] = useLocation();
  return (
    <nav aria-label={t("accountMembership.title")} style={{ minWidth: 0 }}>
      <ul className={tabs}>
        {LINKS.map((l) => (
          <li key={l.href}>
            <Link href={l.href} aria-current={location === l.href ? "page" : undefined}>
              {t(l.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
