import { useEffect } from "preact/hooks";
import type { AppConfig } from "../../src/api/index.js";
import { contentSlice, type Store } from "../../src/store/index.js";

/**
 * The payment provider taking cards on this deployment (`/config.json` `billing.provider`), undefined until the
 * config has loaded. The card form explains the sandbox's test cards only when the sandbox is the provider: with
 * Stripe they would be refused, and a member should never read developer hints.
 */
export function useBillingProvider(store: Store): NonNullable<AppConfig["billing"]>["provider"] | undefined {
  const withContent = store.use(contentSlice);
  useEffect(() => void withContent.content.config.load(), [withContent]);
  return withContent.content.config.data.value?.billing?.provider;
}
