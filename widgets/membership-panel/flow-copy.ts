import { errorDialogEn } from "../../src/i18n/spec/error-dialog.js";
import { membershipEn } from "../../src/i18n/spec/membership.js";
import { membershipStepsEn } from "../../src/i18n/spec/membership-steps.js";
import { sayWith } from "../ui/copy.js";

/** The flows' own labels and the spec's membership copy: they load with the flows (flows.tsx), not with the panel. */
export const say = sayWith({
  "membership.choosePlan": "Choose your plan",
  "membership.annual": "12 months",
  "membership.monthly": "1 month",
  "membership.promo": "Promo code",
  "membership.apply": "Apply",
  "membership.promoApplied": "Promo code applied.",
  "membership.cardUpdated": "Your card was updated.",
  "membership.testCards": "Sandbox: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. Any future expiry and CVC.",
  "membership.cardNumber": "Card number",
  "membership.expiry": "Expiry (MM/YY)",
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
}, { ...membershipStepsEn, ...membershipEn, ...errorDialogEn });
