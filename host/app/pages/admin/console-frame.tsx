import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { css } from "goober";
import { Link } from "wouter";
import { ApiError, getConsoleMe, type ConsoleMe, type ConsoleRole } from "../../../../src/api/index.js";
import { currentLocale } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { color, radius, space } from "../../theme/tokens.js";
import { ButtonLink } from "../../ui/button.js";
import { EmptyState, Page, PageHeader, Spinner } from "../../ui/page.js";
import { ct, isConsoleKey } from "./copy.js";

const bar = css`margin-bottom: ${space[5]}px;
  ul { list-style: none; display: flex; flex-wrap: wrap; gap: ${space[2]}px; margin: 0; padding: 0; }
  a { display: inline-flex; align-items: center; min-height: 44px; padding: 0 16px; border-radius: ${radius.pill}px; border: 1.5px solid ${color.line}; font-weight: 700; text-decoration: none; color: ${color.ink}; }
  a[aria-current="page"] { background: ${color.ink}; color: #fff; border-color: ${color.ink}; }`;

export type ConsoleSection =
  | "workouts"
  | "trainers"
  | "collections"
  | "series"
  | "calendars"
  | "banners"
  | "home"
  | "copy"
  | "transfer"
  | "people"
  | "members"
  | "audit"
  | "numbers"
  | "products"
  | "promoCodes";

const ConsoleContext = createContext<ConsoleMe | undefined>(undefined);

/** The signed-in operator (inside ConsoleFrame). */
export function useOperator(): ConsoleMe {
  const me = useContext(ConsoleContext);
  if (!me) throw new Error("useOperator outside ConsoleFrame");
  return me;
}

export const roleName = (role: ConsoleRole) => ct(`console.role.${role}`);

/** What an audit entry's action did, in words ("workout.release" → "Released on schedule"); unknown ones as written. */
export const actionName = (action: string) => {
  const key = `console.action.${action}`;
  return isConsoleKey(key) ? ct(key) : action;
};

/** The message of a failed console call: the server's sentence (written for operators), or a generic one. */
export function failureMessage(e: unknown): string {
  if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.message && !e.message.includes(" answered "))
    return e.message;
  return ct("console.failed");
}

/**
 * The frame of every /admin page: the gate (a company role; anyone else sees a clear not-allowed page), the
 * sections, and who is signed in with which role. Pages read the operator through useOperator().
 */
export function ConsoleFrame({
  section,
  title,
  children,
}: {
  section: ConsoleSection;
  title: string;
  children: ReactNode;
}) {
  const store = useStore();
  const [me, setMe] = useState<ConsoleMe | null | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    getConsoleMe(store.api, abort.signal).then(
      (m) => !abort.signal.aborted && setMe(m),
      (e: unknown) =>
        !abort.signal.aborted && (e instanceof ApiError && e.status === 403 ? setMe(null) : setFailed(true)),
    );
    return () => abort.abort();
  }, [store]);

  if (failed)
    return (
      <Page>
        <p role="alert">{ct("console.loadFailed")}</p>
      </Page>
    );
  if (me === undefined) return <Spinner />;
  if (me === null)
    return (
      <Page narrow>
        <PageHeader kicker={ct("console.kicker")} title={ct("console.notAllowedTitle")}>
          {ct("console.notAllowedLead")}
        </PageHeader>
        <EmptyState title={ct("console.notAllowedTitle")}>
          <ButtonLink href="/home">{ct("console.toHome")}</ButtonLink>
        </EmptyState>
      </Page>
    );
  const sections: [ConsoleSection, string, string][] = [
    ["workouts", "/admin", ct("console.nav.workouts")],
    ["trainers", "/admin/trainers", ct("console.nav.trainers")],
    ["collections", "/admin/collections", ct("console.nav.collections")],
    ["series", "/admin/series", ct("console.nav.series")],
    ["calendars", "/admin/calendars", ct("console.nav.calendars")],
    ["banners", "/admin/banners", ct("console.nav.banners")],
    ["home", "/admin/home", ct("console.nav.home")],
    ["copy", "/admin/copy", ct("console.nav.copy")],
    ["transfer", "/admin/catalogue", ct("console.nav.transfer")],
    ["people", "/admin/people", ct("console.nav.people")],
    ...(me.areas.includes("members")
      ? [["members", "/admin/members", ct("console.nav.members")] satisfies [ConsoleSection, string, string]]
      : []),
    ["audit", "/admin/audit", ct("console.nav.audit")],
    ...(me.areas.includes("numbers")
      ? [["numbers", "/admin/numbers", ct("console.nav.numbers")] satisfies [ConsoleSection, string, string]]
      : []),
    ...(me.areas.includes("offers")
      ? ([
          ["products", "/admin/products", ct("console.nav.products")],
          ["promoCodes", "/admin/promo-codes", ct("console.nav.promoCodes")],
        ] as [ConsoleSection, string, string][])
      : []),
  ];
  return (
    <ConsoleContext.Provider value={me}>
      <Page>
        <PageHeader kicker={ct("console.kicker")} title={title}>
          {ct("console.lead", { email: me.email, role: roleName(me.role) })}
        </PageHeader>
        <nav aria-label={ct("console.nav.label")} className={bar}>
          <ul>
            {sections.map(([key, href, label]) => (
              <li key={key}>
                <Link href={href} aria-current={section === key ? "page" : undefined}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {children}
      </Page>
    </ConsoleContext.Provider>
  );
}

/** A date-time in the app's language, e.g. "Mar 1, 2027, 9:02 AM" (the viewer's zone unless `timeZone`). */
export const dateTime = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat(currentLocale(), {
    dateStyle: "medium",
    timeStyle: "short",
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));

export const consoleTable = css`width: 100%; border-collapse: collapse; font-size: 14px;
  th, td { padding: ${space[2]}px; border-bottom: 1px solid ${color.line}; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
  thead th { font-size: 12px; text-transform: uppercase; letter-spacing: .08em; color: ${color.muted}; }`;
export const scroll = css`overflow-x: auto;`;
/**
 * For a console table with many columns inside `scroll`: cells keep whole words (the table scrolls sideways on a
 * phone instead of splitting words letter by letter); `code` and `.anywhere` cells (ids, emails) may still break.
 */
export const wholeWords = css`table& th, table& td { overflow-wrap: break-word; } code, .anywhere { overflow-wrap: anywhere; }`;
