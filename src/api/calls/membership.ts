import type { ApiClient } from "../client.js";
import type { ResponseBody } from "../contract.js";
import type {
  BillingAddress,
  BillingAddressChange,
  CancelRequest,
  Coupon,
  CouponEntry,
  CouponResults,
  PaymentCard,
  PlanChange,
  Product,
  Quote,
  Subscription,
} from "../types.js";
import { enc } from "./path.js";

type S = AbortSignal | undefined;
const write = <T>(c: ApiClient, method: "POST" | "PUT", path: string, body?: unknown) =>
  c.request<T>(path, { method, body, auth: true });

/** Spec §7: the single subscription fetch retries 3 times at 1 s. 404 = no subscription. */
export const getSubscription = (c: ApiClient, signal?: S) =>
  c.request<Subscription>("/v2/subscriptions/subs", { auth: true, signal, retries: 3, retryDelay: () => 1000 });
export const getSubscriptions = (c: ApiClient, signal?: S) =>
  c.request<{ items: Subscription[] }>("/v2/subscriptions/subs/all", { auth: true, signal });
export const getProducts = (c: ApiClient, skus: string[], signal?: S) =>
  c.request<{ items: Product[] }>("/subscriptions/v1/products", { query: { sku: skus }, signal });
/** What a plan with these promo codes would charge and when; changes nothing (400 names each invalid code). */
export const getQuote = (c: ApiClient, sku: string, promoCodes: string[] = [], signal?: S) =>
  c.request<Quote>("/v2/subscriptions/subs/quote", { query: { sku, promo_code: promoCodes }, auth: true, signal });
/** The checkout: subscribes with the default card; promo codes discount the first charged period. */
export const startSubscription = (c: ApiClient, sku: string, promoCodes: string[] = []) =>
  write<Subscription>(c, "POST", "/v2/subscriptions/subs", { sku, promo_codes: promoCodes });
export const getCoupon = (c: ApiClient, code: string, signal?: S) =>
  c.request<Coupon>(`/v2/subscriptions/coupon-codes/${enc(code)}`, { auth: true, signal });
export const applyCoupons = (c: ApiClient, coupons: CouponEntry[]) =>
  write<CouponResults>(c, "POST", "/v2/subscriptions/subs/coupon-codes", { coupons });
export const changePlan = (c: ApiClient, body: PlanChange) =>
  write<Subscription>(c, "PUT", "/v2/subscriptions/subs/plan", body);
export const cancelSubscription = (c: ApiClient, id: string, body: CancelRequest) =>
  write<Subscription>(c, "POST", `/v2/subscriptions/subs/${enc(id)}/cancel`, body);
export const reactivateSubscription = (c: ApiClient, id: string) =>
  write<Subscription>(c, "POST", `/v2/subscriptions/subs/${enc(id)}/reactivate`);
export const updateBillingAddress = (c: ApiClient, id: string, body: BillingAddressChange) =>
  write<BillingAddress>(c, "PUT", `/v2/subscriptions/subs/billing-address/${enc(id)}`, body);
export const requestStudioLinkEmail = (c: ApiClient, email: string) =>
  write<unknown>(c, "POST", "/v2/subscriptions/subs/marianatek/email-request/", { email });
export const createStudioLink = (c: ApiClient, body: Record<string, unknown> = {}) =>
  write<unknown>(c, "POST", "/v2/subscriptions/subs/create-marianatek", body);
export const sendCustomerNotification = (c: ApiClient, type: string, body: Record<string, unknown> = {}) =>
  write<unknown>(c, "POST", `/v2/subscriptions/customers/notifications/${enc(type)}`, body);
export const getRechargePortal = (c: ApiClient, signal?: S) =>
  c.request<ResponseBody<"/v2/subscriptions/subs/recharge/customer-portal", "get">>(
    "/v2/subscriptions/subs/recharge/customer-portal",
    { auth: true, signal },
  );
/** Pauses for 1 to 3 months from the end of the current period; access and billing resume on their own. */
export const pauseSubscription = (c: ApiClient, id: string, months: number) =>
  write<Subscription>(c, "POST", `/v2/subscriptions/subs/${enc(id)}/pause`, { months });
/** Withdraws a pause that has not started. */
export const cancelPause = (c: ApiClient, id: string) =>
  write<Subscription>(c, "POST", `/v2/subscriptions/subs/${enc(id)}/pause/cancel`);
/** Resumes a paused membership now (recharge or self-serve): a new period starts today and is charged. */
export const unpauseSubscription = (c: ApiClient, id: string) =>
  write<Subscription>(c, "POST", `/v2/subscriptions/subs/${enc(id)}/unpause`);
export const setupPayment = (c: ApiClient) =>
  write<ResponseBody<"/commerce/v1/payment/setup", "post">>(c, "POST", "/commerce/v1/payment/setup");
export const setDefaultPayment = (c: ApiClient, paymentMethodId: string) =>
  write<PaymentCard>(c, "POST", "/commerce/v1/payment/setdefault", { payment_method_id: paymentMethodId });
