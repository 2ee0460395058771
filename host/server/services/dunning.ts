/**
 * Failed-payment recovery (dunning): when a renewal's charge fails the membership goes past_due and the charge is
 * retried on days 1, 3, 5 and 7 after the first failure; if the day-7 retry fails the membership lapses. Hard declines
 * (the card is stolen, lost, or the account closed: retrying cannot succeed and issuers penalise it) are not retried;
 * the membership still lapses on day 7 unless the member fixes the card. A fixed card is charged at once.
 */
const RETRY_DAYS = [1, 3, 5, 7] as const;

/** renewal_attempts of a past-due membership that is not charged again (a hard decline): it waits to lapse. */
export const NO_MORE_CHARGES = RETRY_DAYS.length + 1;

const DAY_MS = 86_400_000;

/** Decline codes Stripe and the card networks say never to retry. */
const HARD_DECLINES = new Set([
  "stolen_card",
  "lost_card",
  "pickup_card",
  "fraudulent",
  "restricted_card",
  "invalid_account",
  "card_not_supported",
  "currency_not_supported",
  "do_not_try_again",
  "revocation_of_all_authorizations",
  "revocation_of_authorization",
  "security_violation",
  "transaction_not_allowed",
]);

export const isHardDecline = (code: string | null | undefined) => !!code && HARD_DECLINES.has(code);

/** Days from the first failure to the attempt that just failed (the `attempts`th, counting the renewal itself). */
const daysSinceFirst = (attempts: number) => (attempts <= 1 ? 0 : RETRY_DAYS[attempts - 2]!);

/** When to charge again after the `attempts`th failed attempt; undefined once the last retry has failed. */
export function retryAt(attempts: number, now: Date): Date | undefined {
  if (attempts > RETRY_DAYS.length) return undefined;
  return new Date(now.getTime() + (RETRY_DAYS[attempts - 1]! - daysSinceFirst(attempts)) * DAY_MS);
}

/** When the membership lapses unless paid, after the `attempts`th failed attempt (the last retry day). */
export function lapseAt(attempts: number, now: Date): Date | undefined {
  if (attempts > RETRY_DAYS.length) return undefined;
  return new Date(now.getTime() + (RETRY_DAYS.at(-1)! - daysSinceFirst(attempts)) * DAY_MS);
}

/**
 * The issuer wants the member to authenticate a charge (Stripe's requires_action): the confirm page shows the charge
 * and runs the bank's check (3-D Secure), and the confirmed charge restores the membership at once.
 */
export function confirmEmail(publicUrl: string, user: { email: string; given_name: string }, lapsesOn?: string) {
  return {
    to: user.email,
    subject: "Confirm your membership payment",
    text:
      `Hi ${user.given_name},\n\nYour bank asks you to confirm your membership payment before it goes through. ` +
      `Confirm it here; your membership is back as soon as it is done:\n\n${publicUrl}/account/membership/confirm\n` +
      (lapsesOn ? `\nUntil then your membership is on hold; it ends on ${lapsesOn} if the payment is not made.\n` : ""),
  };
}

type DunningMail =
  { kind: "fix_card" | "confirm"; lapsesAt: Date; retries: boolean } | { kind: "lapsed"; name: string };

/** The member's dunning emails: the first failure (fix the card, or confirm the charge) and the lapse. */
export function dunningEmail(
  publicUrl: string,
  user: { email: string; given_name: string },
  mail: DunningMail,
): { to: string; subject: string; text: string } {
  const page = `${publicUrl}/account/membership`;
  if (mail.kind === "lapsed") {
    return {
      to: user.email,
      subject: "Your membership has ended",
      text:
        `Hi ${user.given_name},\n\nWe could not collect the payment for your ${mail.name} membership, so it has ended.\n\n` +
        `You can join again with a working card here:\n\n${page}\n`,
    };
  }
  const day = mail.lapsesAt.toISOString().slice(0, 10);
  if (mail.kind === "confirm") return confirmEmail(publicUrl, user, day);
  return {
    to: user.email,
    subject: "Your payment didn't go through",
    text:
      `Hi ${user.given_name},\n\nWe could not charge your card for your membership, so it is on hold. ` +
      `Update your card here and we will charge it straight away:\n\n${page}\n\n` +
      (mail.retries ? "We will also try your current card again over the next few days. " : "") +
      `If the payment is not made, your membership ends on ${day}.\n`,
  };
}
