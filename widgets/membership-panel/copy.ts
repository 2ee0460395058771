import { errorDialogEn } from "../../src/i18n/spec/error-dialog.js";
import { membershipStepsEn } from "../../src/i18n/spec/membership-steps.js";
import { sayWith } from "../ui/copy.js";

/**
 * The panel's own labels, the shared ones and the spec's membership step actions (the hosted app names flow steps
 * by them). The flows' own labels and the rest of the spec's membership copy are in flow-copy.ts and load with them.
 */
export const say = sayWith(
  {
    "membership.signIn": "Sign in to manage your membership.",
    "membership.signInLink": "Sign in",
    "membership.none": "You don’t have a membership yet.",
    "membership.plan": "Current plan",
    "membership.lastPlan": "Your last plan",
    "membership.state": "Status",
    "membership.state.active": "Active",
    "membership.state.canceled": "Canceled",
    "membership.state.inactive": "Inactive",
    "membership.state.paused": "Paused",
    "membership.state.trial": "Trial",
    "membership.state.past_due": "Payment failed: update your card",
    "membership.nextPayment": "Next payment",
    "membership.accessUntil": "Access until",
    "membership.payment": "Payment information",
    "membership.card": "{brand} ****{last4} exp {month}/{year}",
    "membership.noCard": "There is no card on file. Add one to keep your membership running.",
    "membership.address": "Billing address",
    "membership.noAddress": "No billing address yet.",
    "membership.changePlan": "Change Plan / Apply Promo",
    "membership.updatePayment": "Update Payment",
    "membership.addAddress": "Add Billing Address",
    "membership.editAddress": "Edit Billing Address",
    "membership.cancel": "Cancel",
    "membership.cancelTitle": "Cancel membership",
    "membership.reactivate": "Reactivate",
    "membership.reactivated": "Your membership is active again.",
    "membership.unpause": "Unpause",
    "membership.pause": "Pause membership",
    "membership.pauseStarts": "Pauses on",
    "membership.pauseResumes": "Resumes on",
    "membership.changePause": "Keep my membership running",
    "membership.scheduled": "Changes to {plan} on {date}.",
    "membership.scheduledKept": "Reactivate before {date} and your plan still changes to {plan} then.",
    "membership.join": "Become a member",
    "membership.resubscribe": "Resubscribe",
    "membership.managed.apple":
      "This membership was bought through the App Store. Manage it in your Apple ID subscriptions.",
    "membership.managed.google":
      "This membership was bought through Google Play. Manage it in your Google Play subscriptions.",
    "membership.managed.studio": "This is a studio unlimited membership. Manage it in the studio app.",
    "membership.vip": "You have VIP access.",
    "membership.linkStudio": "Link a studio membership",
  },
  { ...membershipStepsEn, ...errorDialogEn },
);
