import { useEffect } from "preact/hooks";
import type { BillingAddress, PaymentCard, Product, Subscription } from "../../src/api/index.js";
import { planSku, type PlanPeriod } from "../../src/domain/membership.js";
import { membershipSlice } from "../../src/store/index.js";
import { useStore } from "../ui/store.js";

/** What the server adds to the contract's Subscription for display. */
export type SubscriptionView = Subscription & {
  display_state?: string;
  payment_method?: PaymentCard | null;
  billing_address?: BillingAddress | null;
  cancel_at_period_end?: boolean;
  scheduled_change?: { sku?: string; name?: string; effective_at?: string } | null;
};

export interface TestCard {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** The membership slice for the panel: the subscription, plan prices, and each flow's write. */
export function useMembership() {
  const store = useStore(membershipSlice);
  const m = store.membership;
  const signedIn = store.session.signedIn.value;
  const sub = m.subscription.data.value as SubscriptionView | null | undefined;
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
    /**
     * Saves a card the way a payment provider's browser SDK does: a setup secret, the sandbox tokenizes the test card
     * (the number never reaches our database), then the token becomes the default card (declined cards fail here).
     */
    async updateCard(card: TestCard): Promise<PaymentCard> {
      const setup = await m.setupPayment.run();
      if (!setup) throw m.setupPayment.error.peek();
      const token = await store.api.request<{ payment_method_id: string }>("/commerce/v1/sandbox/payment-methods", {
        method: "POST",
        body: { client_secret: setup.client_secret, ...card },
      });
      const saved = await m.setDefaultPayment.run(token.payment_method_id);
      if (!saved) throw m.setDefaultPayment.error.peek();
      void m.subscription.reload();
      return saved;
    },
    async updateAddress(address: BillingAddress) {
      const saved = await m.updateBillingAddress.run(address);
      if (!saved) throw m.updateBillingAddress.error.peek();
      void m.subscription.reload();
      return saved;
    },
    m,
  };
}
