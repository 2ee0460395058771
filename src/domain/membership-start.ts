/** The hosted app's join funnel: create an account, then choose a plan and pay (`/account/membership/join`). */
const JOIN_PATH = "/account/membership/join";
const JOIN_FUNNEL_PATH = `/signup?redirect=${encodeURIComponent(JOIN_PATH)}`;

/**
 * Where a visitor's "start a membership" call to action leads (issue 21): the external store when the deployment
 * names one (`/config.json` `store.url`, from FITKIT_STORE_URL), else the hosted app's own funnel at `appBase` (the
 * config's `apiBase`; this page's origin when absent). `newTab` is true when the destination is another origin. A
 * signed-in account without a membership has an account already: the funnel starts at choosing a plan.
 */
export function membershipStart(
  storeUrl: string | null | undefined,
  appBase: string | undefined,
  here: string,
  signedIn = false,
): { href: string; newTab: boolean } {
  const href = storeUrl || new URL(signedIn ? JOIN_PATH : JOIN_FUNNEL_PATH, appBase || here).href;
  return { href, newTab: new URL(href, here).origin !== new URL(here).origin };
}
