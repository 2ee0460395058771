import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { css } from "goober";
import { bp, color, radius, space, text, touch, up } from "../theme/tokens.js";
import { buttonClass } from "../ui/button.js";
import { EXTERNAL } from "../lib/links.js";
import { useMembershipStartLink } from "../lib/membership-start.js";
import { useSession } from "../lib/session.js";
import { useWorkplaces } from "../lib/staff.js";
import { useAnalytics } from "../lib/analytics.js";
import { container } from "../ui/page.js";
import { t } from "../../../src/i18n/index.js";

const MAIN_NAV = [
  { href: "/home", label: "header.home" },
  { href: "/series", label: "header.series" },
  { href: "/classes", label: "header.classes" },
  { href: "/live", label: "header.live" },
] as const;
const STUDIO_NAV = { href: "/studio", label: "header.studio" } as const;
const CONSOLE_NAV = { href: "/admin", label: "header.console" } as const;

const bar = css`background: ${color.ink}; color: #fff; position: sticky; top: 0; z-index: 50;`;
const inner = css`display: flex; align-items: center; gap: ${space[4]}px; min-height: 64px;`;
const logo = css`
  display: inline-flex; align-items: center; gap: 10px; min-height: ${touch}px; color: #fff; text-decoration: none;
  font-weight: 900; font-size: ${text.lg}px; letter-spacing: .14em; text-transform: uppercase;
  svg { width: 30px; height: 30px; }
`;
const desktopOnly = css`display: none !important; ${up(bp.md)} { display: flex !important; }`;
const phoneOnly = css`${up(bp.md)} { display: none !important; }`;
const nav = css`flex: 1; align-items: center; gap: ${space[1]}px;`;
const navLink = css`
  display: inline-flex; align-items: center; min-height: ${touch}px; padding: 0 14px; border-radius: ${radius.pill}px;
  color: rgba(255,255,255,.82); text-decoration: none; font-weight: 700; font-size: ${text.sm}px; letter-spacing: .08em; text-transform: uppercase;
  &:hover { color: #fff; background: rgba(255,255,255,.08); }
  &[aria-current="page"] { color: #fff; box-shadow: inset 0 -3px 0 ${color.accent}; border-radius: 0; }
`;
const secondary = css`align-items: center; gap: ${space[1]}px; margin-left: auto;`;
const subtle = css`
  display: inline-flex; align-items: center; min-height: ${touch}px; padding: 0 10px; border-radius: ${radius.pill}px;
  color: rgba(255,255,255,.82); text-decoration: none; font-weight: 600; font-size: ${text.sm}px;
  &:hover { color: #fff; background: rgba(255,255,255,.08); }
`;
const accountButton = css`
  width: ${touch}px; height: ${touch}px; border-radius: 50%; border: 2px solid rgba(255,255,255,.35); background: ${color.accent};
  color: #fff; font-weight: 800; cursor: pointer; &:hover { border-color: #fff; }
`;
const menu = css`
  position: absolute; right: 0; top: calc(100% + 8px); min-width: 205px; background: ${color.surface}; color: ${color.ink};
  border-radius: ${radius.md}px; box-shadow: 0 8px 40px rgba(22,22,29,.18); padding: ${space[2]}px; display: grid; z-index: 60;
  a { display: flex; align-items: center; min-height: ${touch}px; padding: 0 ${space[3]}px; border-radius: ${radius.sm}px; text-decoration: none; font-weight: 600; }
  a:hover, a:focus-visible { background: ${color.sunken}; }
`;
const burger = css`
  margin-left: auto; width: ${touch}px; height: ${touch}px; border: 0; background: transparent; color: #fff; cursor: pointer; border-radius: 50%;
  display: grid; place-items: center; &:hover { background: rgba(255,255,255,.1); }
`;
const sheet = css`
  position: fixed; inset: 64px 0 0 0; background: ${color.ink}; color: #fff; overflow-y: auto; padding: ${space[4]}px ${space[4]}px ${space[7]}px;
  display: grid; align-content: start; gap: ${space[1]}px; z-index: 49;
  a:not(.${"fk-btn"}) { display: flex; align-items: center; min-height: 52px; padding: 0 ${space[3]}px; color: #fff; text-decoration: none;
      font-size: ${text.lg}px; font-weight: 700; border-radius: ${radius.sm}px; }
  a[aria-current="page"] { color: ${color.accentSoft}; box-shadow: inset 3px 0 0 ${color.accent}; }
  hr { border: 0; border-top: 1px solid rgba(255,255,255,.15); margin: ${space[3]}px 0; width: 100%; }
`;

function Logo() {
  return (
    <Link href="/home" className={logo} aria-label={t("header.fitkitHome")}>
      <svg viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#fff" />
        <path d="M20 46V18h24v7H28v6h13v7H28v8z" fill={color.accent} />
      </svg>
      <span>fitkit</span>
    </Link>
  );
}

const isCurrent = (location: string, href: string) => location === href || location.startsWith(`${href}/`);

function AccountMenu({ initials }: { initials: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === "Escape" : !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => (document.removeEventListener("pointerdown", close), document.removeEventListener("keydown", close));
  }, [open]);
  return (
    <div ref={ref} style={{ position: "relative" }}>
      <button
        type="button"
        className={accountButton}
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={t("header.accountMenu", { initials })}
        onClick={() => setOpen(!open)}
      >
        {initials}
      </button>
      {open ? (
        <div className={menu} onClick={() => setOpen(false)}>
          <Link href="/account">{t("header.account")}</Link>
          <Link href="/workout-history">{t("header.workoutHistory")}</Link>
          <Link href="/live/booked-classes">{t("header.bookedClasses")}</Link>
          <Link href="/logout">{t("header.logOut")}</Link>
        </div>
      ) : null}
    </div>
  );
}

export function Header() {
  const [location] = useLocation();
  const session = useSession();
  const analytics = useAnalytics();
  const startLink = useMembershipStartLink();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [location]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setMenuOpen(false);
    document.addEventListener("keydown", onKey);
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = "";
    };
  }, [menuOpen]);
  const member = session.signedIn;
  const initials =
    `${session.claims?.given_name[0] ?? ""}${session.claims?.family_name[0] ?? ""}`.toUpperCase() || "Me";

  // Staff and owners get a way into their studio area beside the member pages, the company's people into the console.
  const places = useWorkplaces();
  const entries = [...MAIN_NAV, ...(places.studio ? [STUDIO_NAV] : []), ...(places.console_role ? [CONSOLE_NAV] : [])];
  const links = entries.map((item) => (
    <Link
      key={item.href}
      href={item.href}
      className={navLink}
      aria-current={isCurrent(location, item.href) ? "page" : undefined}
    >
      {t(item.label)}
    </Link>
  ));

  return (
    <header className={bar}>
      <div className={`${container} ${inner}`}>
        <Logo />
        <nav aria-label={t("header.main")} className={`${nav} ${desktopOnly}`}>
          {links}
        </nav>
        <div className={`${secondary} ${desktopOnly}`}>
          <a className={subtle} href={EXTERNAL.shop}>
            {t("header.shop")}
          </a>
          <Link className={subtle} href="/locations">
            {t("header.locations")}
          </Link>
          <a className={subtle} href={EXTERNAL.franchise} target="_blank" rel="noopener noreferrer">
            {t("header.franchise")}
          </a>
          {member ? (
            <AccountMenu initials={initials} />
          ) : (
            <>
              <Link className={subtle} href="/continue">
                {t("header.login")}
              </Link>
              <a
                className={buttonClass("primary")}
                {...startLink}
                onClick={() => analytics.track("CTA Clicked", { cta_name: "Start free trial" })}
              >
                {t("header.startFreeTrial")}
              </a>
            </>
          )}
        </div>
        <button
          type="button"
          className={`${burger} ${phoneOnly}`}
          aria-expanded={menuOpen}
          aria-controls="phone-menu"
          aria-label={menuOpen ? t("header.closeMenu") : t("header.openMenu")}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <svg
            width="24"
            height="24"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          >
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
      {menuOpen ? (
        <nav id="phone-menu" aria-label={t("header.main")} className={`${sheet} ${phoneOnly}`}>
          {entries.map((item) => (
            <Link key={item.href} href={item.href} aria-current={isCurrent(location, item.href) ? "page" : undefined}>
              {t(item.label)}
            </Link>
          ))}
          <hr />
          <a href={EXTERNAL.shop}>{t("header.shop")}</a>
          <Link href="/locations">{t("header.locations")}</Link>
          <a href={EXTERNAL.franchise} target="_blank" rel="noopener noreferrer">
            {t("header.franchise")}
          </a>
          <hr />
          {member ? (
            <>
              <Link href="/account">{t("header.account")}</Link>
              <Link href="/workout-history">{t("header.workoutHistory")}</Link>
              <Link href="/logout">{t("header.logOut")}</Link>
            </>
          ) : (
            <>
              <Link href="/continue">{t("header.login")}</Link>
              <a className={`fk-btn ${buttonClass("primary", true)}`} {...startLink} style={{ marginTop: space[3] }}>
                {t("header.startFreeTrial")}
              </a>
            </>
          )}
        </nav>
      ) : null}
    </header>
  );
}
