import { notFound } from "../errors.js";
import type { MembershipDeps } from "./membership-deps.js";
import { currentSubscription, listSubscriptions } from "./subscription-store.js";
import { presentSubscription } from "./subscription-view.js";

/** The emails a member can ask the billing system to send them again. */
export const NOTIFICATION_TYPES = ["update_payment_method", "subscription_summary"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Cents as members read them in email: $19.99, or CAD 19.99. */
export const money = (cents: number, currency: string) =>
  `${currency === "USD" ? "$" : `${currency} `}${(cents / 100).toFixed(2)}`;

/** Sends the member one billing email about their current subscription (to their account address). */
export async function sendCustomerNotification(deps: MembershipDeps, userId: string, type: NotificationType) {
  const { db, clock, billing, mailer, publicUrl } = deps;
  const user = await db
    .selectFrom("users")
    .select(["email", "given_name"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const sub = currentSubscription(await listSubscriptions(db, userId), clock.now());
  if (!sub) throw notFound("No subscription");
  const view = await presentSubscription(db, billing, sub, clock.now());
  const manage = `${publicUrl}/account/membership`;
  if (type === "update_payment_method") {
    await mailer.send({
      to: user.email,
      subject: "Update your payment method",
      text: `Hi ${user.given_name},\n\nYou can update the card for your ${view.name} membership here:\n\n${manage}\n`,
    });
  } else {
    const next = view.next_renewal
      ? `Next payment: ${money(view.next_renewal.amount, view.next_renewal.currency)} on ${view.next_renewal.period_start!.slice(0, 10)}.`
      : "No further payments are scheduled.";
    await mailer.send({
      to: user.email,
      subject: "Your membership",
      text: `Hi ${user.given_name},\n\nPlan: ${view.name} (${view.display_state}).\n${next}\n\nManage it here: ${manage}\n`,
    });
  }
  return { success: true as const };
}
