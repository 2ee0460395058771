import { useEffect } from "react";
import { membershipStart } from "../../../src/domain/index.js";
import { useStore } from "./store.js";
import { useSignal } from "./use-signal.js";

/**
 * The anchor attributes of a visitor's "Start free trial": the deployment's external store (`/config.json`
 * `store.url`, FITKIT_STORE_URL) in a new tab, else the app's own funnel (sign-up, then /account/membership/join) in
 * this tab — the same rule as the referral widget's GET STARTED FOR FREE.
 */
export function useMembershipStartLink(): { href: string; target?: "_blank"; rel?: string } {
  const store = useStore();
  const config = useSignal(store.content.config.data);
  useEffect(() => void store.content.config.load(), [store]);
  const { href, newTab } = membershipStart(config?.store.url, undefined, location.href);
  return newTab ? { href, target: "_blank", rel: "noopener noreferrer" } : { href };
}
