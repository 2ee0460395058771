import type { Db } from "../db/index.js";
import { HttpError } from "../errors.js";

/** The spec's payment error copy (section 8), answered for every declined card. */
export const PAYMENT_ERROR = "Unfortunately, there was an error while processing your payment";

/** A declined card or charge: 402 with the spec's copy. */
export const paymentDeclined = () => new HttpError(402, PAYMENT_ERROR);

/** The card on file as clients show it ("visa ****4242 exp 4/2026"). */
export interface Card {
  brand: string;
  exp_month: number;
  exp_year: number;
  last4: string;
}

export interface ChargeRequest {
  userId: string;
  amount: number;
  currency: string;
  description: string;
  /** The same key never charges twice (a job that crashed after charging and retries the same attempt). */
  idempotencyKey: string;
}

/** A member's paused collection: no period is charged from `startsAt` until `resumesAt`. */
export interface CollectionPause {
  userId: string;
  subscriptionId: string;
  startsAt: Date;
  resumesAt: Date;
}

export type ChargeResult =
  | { ok: true; paymentId: string | null }
  | {
      ok: false;
      paymentId: string | null;
      message: string;
      /** The issuer's reason (insufficient_funds, stolen_card…): the dunning retries soft declines only. */
      declineCode?: string;
      /** The issuer asks the member to authenticate this charge (3-D Secure) before it can succeed. */
      requiresAction?: boolean;
    };

export interface RefundRequest {
  userId: string;
  /** The provider's charge (our payments row) being refunded. */
  paymentId: string;
  amount: number;
  currency: string;
  reason: string;
  /** The same key never refunds twice (a request retried after a crash answers the first refund). */
  idempotencyKey: string;
}

export interface ConfirmRequest {
  userId: string;
  /** The provider's charge (our payments row) that waits for the member's authentication. */
  paymentId: string;
  /** Where the bank's authentication page sends the member back to (the confirm page). */
  returnUrl: string;
  /**
   * The member is back from the bank's page: only read how it went, never start another authentication (which
   * would send a member who failed it straight back to the bank).
   */
  returned: boolean;
}

/**
 * How a confirmation went: paid; the member must authenticate on the bank's page first (`redirectUrl`); or the bank
 * refused (`declineCode`).
 */
export type ConfirmResult =
  | { status: "succeeded" }
  | { status: "requires_action"; redirectUrl: string }
  | { status: "failed"; declineCode: string };

/**
 * Moves money for subscriptions whose state machine lives in our database. `db` may be a transaction, so a charge
 * and the state change it pays for commit together.
 */
export interface BillingProvider {
  readonly name: string;
  /** Starts saving a card; the client confirms the answered secret with the card form. */
  createSetup(db: Db, userId: string): Promise<{ clientSecret: string }>;
  /** Verifies a confirmed payment method and makes it the member's default; throws `paymentDeclined()`. */
  setDefault(db: Db, userId: string, paymentMethodId: string): Promise<Card>;
  defaultCard(db: Db, userId: string): Promise<Card | undefined>;
  /** Charges the member's default card; a zero amount succeeds without a card. */
  charge(db: Db, request: ChargeRequest): Promise<ChargeResult>;
  /**
   * The member completes a charge that waits for their authentication (requires_action) on the confirm page. The
   * caller settles a succeeded one (payment, invoice and membership) in its transaction.
   */
  confirmPayment(db: Db, request: ConfirmRequest): Promise<ConfirmResult>;
  /** Returns part or all of a charge to the member's card; answers the provider's refund id. */
  refund(db: Db, request: RefundRequest): Promise<{ providerRefundId: string }>;
  /**
   * Tells the provider that collection for this subscription pauses from `startsAt` until `resumesAt` (scheduled
   * or changed). The renewal job is what stops charging; the provider records it (and the sandbox refuses charges
   * inside the window), so a pause is visible where the money moves.
   */
  pauseCollection(db: Db, pause: CollectionPause): Promise<void>;
  /** The pause is over or was withdrawn: collection runs normally again. */
  resumeCollection(db: Db, userId: string, subscriptionId: string): Promise<void>;
  /** Where a recharge customer manages pause, skip and address details. */
  customerPortalUrl(userId: string): string;
}
