import { signal } from "@preact/signals-core";
import * as api from "../../api/calls/membership.js";
import { ApiError } from "../../api/error.js";
import type { BillingAddressChange } from "../../api/types.js";
import { couponOutcome, type CouponCheck } from "../../domain/prices.js";
import { planInterval, planSku, type CancelReason, type PlanPeriod } from "../../domain/membership.js";
import type { StoreContext } from "../context.js";
import type { SliceExtension } from "../store-core.js";
import { createMutation } from "../mutation.js";
import { createResource } from "../resource.js";
import { currentOf, MAIL_REQUEST_KEY, type MembershipSlice } from "./membership.js";

/**
 * The flows' writes: plan change and coupons, cancel, pause, card and billing address, studio link, notifications.
 */
function createMembershipWrites(ctx: StoreContext, { subscription }: MembershipSlice) {
  const c = ctx.api;
  const subscriptions = createResource((s) => api.getSubscriptions(c, s).then((r) => r.items));
  const mailRequestAddress = signal(ctx.storage.getItem(MAIL_REQUEST_KEY));
  const current = () => currentOf(subscription);
  const refreshed = ctx.after("membership.subscription", "session.claims");

  async function changePlanTo(period: PlanPeriod, promoCode?: string) {
    const sub = current();
    const sku = planSku(period, sub.provider);
    const { frequency, unit } = planInterval(period);
    return api
      .changePlan(c, {
        subscription_id: sub.subscription_id,
        user_id: sub.user_id,
        identifier: sub.identifier,
        charge_interval_frequency: frequency,
        order_interval_frequency: frequency,
        order_interval_unit: unit,
        product_id: sku,
        sku,
        ...(promoCode && sub.provider === "stripe" ? { stripe_promo_code: promoCode } : {}),
      })
      .then(refreshed);
  }

  /** Checks codes one by one; a 404 or an inactive coupon is invalid, any other failure is unexpected (rethrown). */
  async function checkCoupons(codes: string[]): Promise<CouponCheck[]> {
    return Promise.all(
      codes.map((code) =>
        api.getCoupon(c, code).then(
          (coupon) => ({ code, valid: coupon.is_active }),
          (e) => {
            if (e instanceof ApiError && (e.status === 404 || e.status === 400)) return { code, valid: false };
            throw e;
          },
        ),
      ),
    );
  }

  return {
    subscriptions,
    portal: createResource((s) => api.getRechargePortal(c, s).then((r) => r.portalUrl)),
    changePlan: createMutation(changePlanTo),
    /** What a plan (by SKU) with promo codes would charge and when, as the server's rules decide (trial or not). */
    quote: createMutation((sku: string, codes: string[]) => api.getQuote(c, sku, codes)),
    /** Becomes a member (or resubscribes) with the card on file. */
    join: createMutation((sku: string, codes: string[]) => api.startSubscription(c, sku, codes).then(refreshed)),
    /** Spec §4: all valid → `{ok: true}`; otherwise the invalid codes. */
    validateCoupons: createMutation(async (codes: string[]) => couponOutcome(await checkCoupons(codes))),
    /**
     * Spec §4 single-coupon flow: check and apply the coupon, then change the plan to the monthly or 12-month variant.
     */
    applyCoupon: createMutation(async (code: string, period: PlanPeriod) => {
      const [check] = await checkCoupons([code]);
      if (!check!.valid)
        throw new ApiError("GET", `/v2/subscriptions/coupon-codes/${code}`, 404, {
          statusCode: 404,
          message: "Invalid Promo Code",
          error: "Not Found",
          code: "promo_not_found",
        });
      const sub = current();
      const provider = sub.provider === "stripe" ? "stripe" : "recharge";
      await api.applyCoupons(c, [{ provider, coupon_code: code, identifier: sub.identifier }]);
      return changePlanTo(period, code);
    }),
    cancel: createMutation((reason: CancelReason, explanation?: string) => {
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a guard for plain-JS callers
      if (!reason) return Promise.reject(new Error("A cancel reason is required"));
      return api
        .cancelSubscription(c, current().subscription_id, explanation ? { reason, explanation } : { reason })
        .then(refreshed);
    }),
    /** Pauses for 1 to 3 months from the end of the current period. */
    pause: createMutation((months: 1 | 2 | 3) =>
      api.pauseSubscription(c, current().subscription_id, months).then(refreshed),
    ),
    /** Withdraws a pause that has not started. */
    cancelPause: createMutation(() => api.cancelPause(c, current().subscription_id).then(refreshed)),
    updateBillingAddress: createMutation((address: BillingAddressChange) =>
      api.updateBillingAddress(c, current().subscription_id, address).then(refreshed),
    ),
    setupPayment: createMutation(() => api.setupPayment(c)),
    setDefaultPayment: createMutation((paymentMethodId: string) =>
      api.setDefaultPayment(c, paymentMethodId).then(refreshed),
    ),
    mailRequestAddress,
    /** Asks for the studio-link email; the address is kept in local storage and cleared if the request fails. */
    requestStudioLink: createMutation(async (email: string) => {
      ctx.storage.setItem(MAIL_REQUEST_KEY, email);
      mailRequestAddress.value = email;
      try {
        return await api.requestStudioLinkEmail(c, email);
      } catch (e) {
        ctx.storage.removeItem(MAIL_REQUEST_KEY);
        mailRequestAddress.value = null;
        throw e;
      }
    }),
    createStudioLink: createMutation((body: Parameters<typeof api.createStudioLink>[1]) =>
      api.createStudioLink(c, body).then(refreshed),
    ),
    notify: createMutation((type: Parameters<typeof api.sendCustomerNotification>[1]) =>
      api.sendCustomerNotification(c, type),
    ),
    reset() {
      subscriptions.reset();
    },
  };
}

/**
 * Adds the flows' writes to `store.membership` (createStore and getSharedStore always do; the membership panel when
 * its flows load), so a page showing the panel does not download them before a flow is opened.
 */
export const membershipWrites: SliceExtension<"membership", MembershipSlice, MembershipWrites> = {
  extends: "membership",
  create: createMembershipWrites,
};
export type MembershipWrites = ReturnType<typeof createMembershipWrites>;
