import { call, type ApiClient } from "../client.js";
import type { CallInput, RequestBody } from "../contract.js";
import type { BillingAddressChange, CancelRequest, CouponEntry, PlanChange } from "../types.js";

type S = AbortSignal | undefined;
type SandboxCard = RequestBody<"/commerce/v1/sandbox/payment-methods", "post">;
const auth = true;

/** Spec §7: the single subscription fetch retries 3 times at 1 s. 404 = no subscription. */
export const getSubscription = (c: ApiClient, signal?: S) =>
  call(c, "get", "/v2/subscriptions/subs", { auth, signal, retries: 3, retryDelay: () => 1000 });
export const getSubscriptions = (c: ApiClient, signal?: S) =>
  call(c, "get", "/v2/subscriptions/subs/all", { auth, signal });
export const getProducts = (c: ApiClient, skus: string[], signal?: S) =>
  call(c, "get", "/subscriptions/v1/products", { query: { sku: skus }, signal });
/** What a plan with these promo codes would charge and when; changes nothing (400 names each invalid code). */
export const getQuote = (c: ApiClient, sku: string, promoCodes: string[] = [], signal?: S) =>
  call(c, "get", "/v2/subscriptions/subs/quote", { query: { sku, promo_code: promoCodes }, auth, signal });
/** The checkout: subscribes with the default card; promo codes discount the first charged period. */
export const startSubscription = (c: ApiClient, sku: string, promoCodes: string[] = []) =>
  call(c, "post", "/v2/subscriptions/subs", { body: { sku, promo_codes: promoCodes }, auth });
export const getCoupon = (c: ApiClient, code: string, signal?: S) =>
  call(c, "get", "/v2/subscriptions/coupon-codes/{code}", { params: { code }, auth, signal });
export const applyCoupons = (c: ApiClient, coupons: CouponEntry[]) =>
  call(c, "post", "/v2/subscriptions/subs/coupon-codes", { body: { coupons }, auth });
export const changePlan = (c: ApiClient, body: PlanChange) =>
  call(c, "put", "/v2/subscriptions/subs/plan", { body, auth });
export const cancelSubscription = (c: ApiClient, id: string, body: CancelRequest) =>
  call(c, "post", "/v2/subscriptions/subs/{id}/cancel", { params: { id }, body, auth });
export const reactivateSubscription = (c: ApiClient, id: string) =>
  call(c, "post", "/v2/subscriptions/subs/{id}/reactivate", { params: { id }, auth });
export const updateBillingAddress = (c: ApiClient, id: string, body: BillingAddressChange) =>
  call(c, "put", "/v2/subscriptions/subs/billing-address/{id}", { params: { id }, body, auth });
export const requestStudioLinkEmail = (c: ApiClient, email: string) =>
  call(c, "post", "/v2/subscriptions/subs/marianatek/email-request/", { body: { email }, auth });
export const createStudioLink = (c: ApiClient, body: RequestBody<"/v2/subscriptions/subs/create-marianatek", "post">) =>
  call(c, "post", "/v2/subscriptions/subs/create-marianatek", { body, auth });
/** Asks the server to email the member a notice (a card update link, the subscription summary). */
export const sendCustomerNotification = (c: ApiClient, type: NotificationType) =>
  call(c, "post", "/v2/subscriptions/customers/notifications/{type}", { params: { type }, body: {}, auth });
type NotificationType = CallInput<"/v2/subscriptions/customers/notifications/{type}", "post">["params"]["type"];
export const getRechargePortal = (c: ApiClient, signal?: S) =>
  call(c, "get", "/v2/subscriptions/subs/recharge/customer-portal", { auth, signal });
/** Pauses for 1 to 3 months from the end of the current period; access and billing resume on their own. */
export const pauseSubscription = (c: ApiClient, id: string, months: 1 | 2 | 3) =>
  call(c, "post", "/v2/subscriptions/subs/{id}/pause", { params: { id }, body: { months }, auth });
/** Withdraws a pause that has not started. */
export const cancelPause = (c: ApiClient, id: string) =>
  call(c, "post", "/v2/subscriptions/subs/{id}/pause/cancel", { params: { id }, auth });
/** Resumes a paused membership now (recharge or self-serve): a new period starts today and is charged. */
export const unpauseSubscription = (c: ApiClient, id: string) =>
  call(c, "post", "/v2/subscriptions/subs/{id}/unpause", { params: { id }, auth });
export const setupPayment = (c: ApiClient) => call(c, "post", "/commerce/v1/payment/setup", { auth });
export const setDefaultPayment = (c: ApiClient, paymentMethodId: string) =>
  call(c, "post", "/commerce/v1/payment/setdefault", { body: { payment_method_id: paymentMethodId }, auth });
/**
 * The sandbox billing provider's stand-in for a provider's card SDK: tokenizes a test card with the setup secret and
 * answers its payment method id (the card number never reaches our database; no member token, like a provider's SDK).
 */
export const createSandboxPaymentMethod = (c: ApiClient, body: SandboxCard) =>
  call(c, "post", "/commerce/v1/sandbox/payment-methods", { body });
/** The renewal charge waiting for the member's bank to authenticate it (Stripe's requires_action), if any. */
export const getWaitingCharge = (c: ApiClient, signal?: S) =>
  call(c, "get", "/commerce/v1/payment/confirmation", { auth, signal });
/** Confirms that charge; `returned` when back from the bank's page, to read how it went. */
export const confirmPayment = (c: ApiClient, paymentId: string, returned: boolean) =>
  call(c, "post", "/commerce/v1/payment/confirm", { body: { payment_id: paymentId, returned }, auth });
