import { referralEn } from "../../src/i18n/spec/referral.js";
import { sayWith } from "../ui/copy.js";

/** This widget's chrome labels, then the shared ones and the spec's catalogue. */
export const say = sayWith(
  {
    "referral.body": "Give your friends $15 off their first month of fitkit, and get $15 credit when they join.",
    "referral.newTab": "(opens in a new tab)",
  },
  referralEn,
);
