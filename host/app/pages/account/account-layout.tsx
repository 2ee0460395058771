import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { css } from "goober";
import { bp, color, radius, space, text, touch, up } from "../../theme/tokens.js";
import { Page, PageHeader } from "../../ui/page.js";

const NAV = [
  { href: "/account", label: "Account" },
  { href: "/account/settings", label: "Settings" },
  { href: "/account/membership", label: "Membership" },
  { href: "/account/settings#communications", label: "Communications" },
  { href: "/logout", label: "Log out" },
];

const layout = css`display: grid; gap: ${space[5]}px; ${up(bp.md)} { grid-template-columns: 220px 1fr; align-items: start; }`;
const nav = css`display: flex; gap: ${space[1]}px; overflow-x: auto; ${up(bp.md)} { flex-direction: column; }
  a { display: flex; align-items: center; min-height: ${touch}px; padding: 0 ${space[3]}px; border-radius: ${radius.sm}px; text-decoration: none; font-weight: 600; white-space: nowrap; font-size: ${text.sm}px; }
  a:hover { background: ${color.sunken}; } a[aria-current="page"] { background: ${color.ink}; color: #fff; }`;

/** The account area: side navigation (a scrolling row on phones) and the section's content. */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  const [location] = useLocation();
  return (
    <Page>
      <PageHeader kicker="Account" title={title} />
      <div className={layout}>
        <nav aria-label="Account" className={nav}>
          {NAV.map((n) => <Link key={n.label} href={n.href} aria-current={location === n.href ? "page" : undefined}>{n.label}</Link>)}
        </nav>
        <div>{children}</div>
      </div>
    </Page>
  );
}
