import { useEffect } from "preact/hooks";
import type { Product, Subscription } from "../../src/api/index.js";
import { planSku, type PlanPeriod } from "../../src/domain/membership.js";
import { membershipSlice } from "../../src/store/index.js";
import { useStore } from "../ui/store.js";

/**
 * The membership slice for the panel: the subscription, plan prices, and each flow's write (the card and address
 * steps, which only the flows use, are in writes.ts).
 */
export function useMembership() {
  const store = useStore(membershipSlice);
  const m = store.membership;
  const signedIn = store.session.signedIn.value;
  const sub: Subscription | null | undefined = m.subscription.data.value;
  const provider = sub?.provider ?? "stripe";
  const skus = (["annual", "monthly"] as PlanPeriod[]).map((p) => planSku(p, provider));

  useEffect(() => {
    if (signedIn) void m.subscription.load();
  }, [signedIn]);
  useEffect(() => {
    if (signedIn && sub) void m.products.load(skus);
  }, [signedIn, provider, !!sub]);

  const products = m.products.data.value;
  const price = (period: PlanPeriod): Product | undefined => products?.find((p) => p.sku === planSku(period, provider));

  return {
    store,
    signedIn,
    status: m.subscription.status.value,
    subscription: sub,
    price,
    retry: () => void m.subscription.reload(),
    m,
  };
}
