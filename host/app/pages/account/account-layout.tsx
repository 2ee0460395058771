import { useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { css } from "goober";
import { t, type MessageKey } from "../../../../src/i18n/index.js";
import { bp, color, radius, space, text, touch, up } from "../../theme/tokens.js";
import { Page, PageHeader } from "../../ui/page.js";

const NAV: { href: string; label: MessageKey; match?: RegExp }[] = [
  { href: "/account", label: "account.nav.account", match: /^\/account$/ },
  { href: "/account/settings", label: "account.nav.settings", match: /^\/account\/settings$/ },
  { href: "/account/membership", label: "account.nav.membership", match: /^\/account\/membership/ },
  { href: "/account/subscriptions", label: "account.nav.subscriptions", match: /^\/account\/subscriptions/ },
  { href: "/account/settings#communications", label: "account.nav.communications" },
  { href: "/logout", label: "account.nav.logout" },
];

const layout = css`display: grid; gap: ${space[5]}px; ${up(bp.md)} { grid-template-columns: 220px minmax(0, 1fr); align-items: start; }`;
const toggle = css`display: flex; width: 100%; align-items: center; justify-content: space-between; min-height: ${touch}px; padding: 0 ${space[4]}px;
  border: 1.5px solid ${color.line}; border-radius: ${radius.sm}px; background: ${color.surface}; font-weight: 700; cursor: pointer;
  &::after { content: "▾"; } &[aria-expanded="true"]::after { content: "▴"; }
  ${up(bp.md)} { display: none; }`;
const nav = css`display: none; flex-direction: column; gap: ${space[1]}px; margin-top: ${space[2]}px; list-style: none; padding: 0;
  &[data-open="true"] { display: flex; }
  ${up(bp.md)} { display: flex; margin-top: 0; }
  a { display: flex; align-items: center; min-height: ${touch}px; padding: 0 ${space[3]}px; border-radius: ${radius.sm}px; text-decoration: none; font-weight: 600; font-size: ${text.sm}px; }
  a:hover { background: ${color.sunken}; } a[aria-current="page"] { background: ${color.ink}; color: #fff; }`;

/** The account area: side navigation on desktop, a dropdown on phones (product facts), and the section's content. */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const current = NAV.find((n) => n.match?.test(location));
  return (
    <Page>
      <PageHeader kicker={t("account.kicker")} title={title} />
      <div className={layout}>
        <nav aria-label={t("account.nav")}>
          <button
            type="button"
            className={toggle}
            aria-expanded={open}
            aria-controls="account-nav"
            onClick={() => setOpen(!open)}
          >
            {t(current?.label ?? "account.nav.account")}
          </button>
          <ul id="account-nav" className={nav} data-open={open}>
            {NAV.map((n) => (
              <li key={n.label}>
                <Link href={n.href} aria-current={n === current ? "page" : undefined} onClick={() => setOpen(false)}>
                  {t(n.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div style={{ minWidth: 0 }}>{children}</div>
      </div>
    </Page>
  );
}
