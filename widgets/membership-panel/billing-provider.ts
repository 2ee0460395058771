import { useEffect, useState } from "preact/hooks";
import { call } from "../../src/api/client.js";
import type { AppConfig } from "../../src/api/index.js";
import type { Store } from "../../src/store/index.js";

type Provider = NonNullable<AppConfig["billing"]>["provider"];

/** One question per API client (a page's widgets share one), however often the card form opens. */
const asked = new WeakMap<object, Promise<Provider | undefined>>();

/**
 * The payment provider taking cards on this deployment (`/config.json` `billing.provider`), undefined until it is
 * known. The card form explains the sandbox's test cards only when the sandbox is the provider: with Stripe they
 * would be refused, and a member should never read developer hints. Asked through the API client rather than the
 * content slice, which would carry the whole site-content loader into the panel for one field.
 */
export function useBillingProvider(store: Store<unknown, unknown>): Provider | undefined {
  const [provider, setProvider] = useState<Provider>();
  useEffect(() => {
    let answer = asked.get(store.api);
    if (!answer) {
      // The client's own request, not the content calls' getConfig: that module would join the chunk every widget
      // loads first, for a field only this lazily loaded form reads.
      answer = call(store.api, "get", "/config.json").then(
        (config) => config.billing.provider,
        () => (asked.delete(store.api), undefined),
      );
      asked.set(store.api, answer);
    }
    let live = true;
    void answer.then((p) => live && setProvider(p));
    return () => void (live = false);
  }, [store]);
  return provider;
}
