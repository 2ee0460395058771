// Registers <fit-referral> (the ESM entry dist/widgets/esm/referral.js).
import { defineElement } from "../define.js";
import { TAGS } from "../constants.js";
import { FitReferralElement } from "./element.js";

defineElement(TAGS.referral, () => FitReferralElement);
