import { ApiError } from "../../src/api/error.js";
import { errorDialogEn } from "../../src/i18n/spec/error-dialog.js";
import { membershipEn } from "../../src/i18n/spec/membership.js";
import { membershipStepsEn } from "../../src/i18n/spec/membership-steps.js";
import { promoRefusalCodes, promoRefusalsEn, type PromoRefusalKey } from "../../src/i18n/spec/promo-refusals.js";
import { sayWith } from "../ui/copy.js";

/** The flows' own labels and the spec's membership copy: they load with the flows (flows.tsx), not with the panel. */
export const say = sayWith(
  {
    "membership.choosePlan": "Choose your plan",
    "membership.annual": "12 months",
    "membership.monthly": "1 month",
    "membership.promo": "Promo code",
    "membership.apply": "Apply",
    "membership.promoApplied": "Promo code applied.",
    "membership.cardUpdated": "Your card was updated.",
    "membership.testCards":
      "Sandbox: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. Any future expiry and CVC.",
    "membership.cardDeclined": "Your card was declined. Try another card.",
    "membership.cardNumber": "Card number",
    // The card problems the server names by field (`card_invalid`), as its English says them.
    "card.number.invalid": "Your card number is invalid.",
    "card.exp.expired": "Your card has expired.",
    "card.cvc.invalid": "Your card's security code is invalid.",
    "charge.trial": "Free for {days} days.",
    "charge.trial#one": "Free for {days} day.",
    "charge.on": "Your card will be charged {price} on {date}.",
    "charge.today": "Your card will be charged {price} today, {date}.",
    "charge.then": "Then {plan}.",
    "charge.every": "{price} every {n} {unit}s",
    "charge.every.day": "{price} every {count} days",
    "charge.every.day#one": "{price} every day",
    "charge.every.week": "{price} every {count} weeks",
    "charge.every.week#one": "{price} every week",
    "charge.every.month": "{price} every {count} months",
    "charge.every.month#one": "{price} every month",
    "charge.every.year": "{price} every {count} years",
    "charge.every.year#one": "{price} every year",
    "join.title": "Become a member",
    "join.resubscribe": "Resubscribe",
    "join.planStep": "Step 1 of 3: your plan",
    "join.cardStep": "Step 2 of 3: your card",
    "join.confirmStep": "Step 3 of 3: confirm",
    "join.trialDays": "{days}-day free trial",
    "join.trialThen": "{trial}, then {plan}",
    "join.cardOnFile": "Paying with {brand} ****{last4} exp {month}/{year}.",
    "join.useCard": "Use this card",
    "join.otherCard": "Use another card",
    "join.saveCard": "Save card and continue",
    "join.confirm": "You are starting {plan}.",
    "join.done": "Welcome! Your membership is active.",
    "join.back": "Back",
    "membership.expiry": "Expiry (MM/YY)",
    "membership.expiryFormat": "MM/YY",
    "membership.cvc": "CVC",
    "address.country.usa": "USA",
    "address.country.canada": "Canada",
    "membership.saveCard": "Save card",
    "membership.addressSaved": "Your billing address was saved.",
    "membership.phone": "Phone",
    "address.required": "{field} is required",
    // Beyond the spec's two address messages: each names its field and says what to do (issue 21).
    "address.cityHint": "Use letters only, like Chicago or St. John's.",
    "address.phoneInvalid": "Phone: enter a number of {min} to {max} digits, like 312 555 0100.",
    "address.tooLong": "{field} can be at most {max} characters.",
    "error.explanationRequired": "Tell us why you are cancelling: write a few words in the box.",
    "membership.saveAddress": "Save address",
    "membership.offersIntro": "Before you go: we would love to help you keep going.",
    "membership.offerSupport": "Contact customer service",
    "membership.offerTrainer": "Book a free session with a trainer",
    "membership.cancelled": "Your membership is cancelled. You keep access until the end of the period.",
    "membership.reasonQuestion": "Why are you cancelling?",
    "membership.explain": "Tell us more",
    "membership.studioIntro": "Have a studio unlimited membership? We will email you a link to connect it.",
    "membership.studioEmail": "Email used at the studio",
    "membership.sendLink": "Send link",
  },
  { ...membershipStepsEn, ...membershipEn, ...errorDialogEn, ...promoRefusalsEn },
);

/**
 * A refused promo code in the member's language, by the refusal's code and the code it names (the contract's error
 * body; src/i18n/spec/refusals.ts); undefined for any other failure.
 */
export function promoRefusal(error: unknown): string | undefined {
  const refusal = error instanceof ApiError ? error : undefined;
  const key = (Object.keys(promoRefusalCodes) as PromoRefusalKey[]).find((k) => promoRefusalCodes[k] === refusal?.code);
  return key && say(key, refusal?.values);
}
