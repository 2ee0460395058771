// Registers <fit-referral> (the ESM entry dist/widgets/esm/referral.js).
import { defineElement } from "../define.js";
import { TAG } from "./names.js";
import { FitReferralElement } from "./element.js";

defineElement(TAG, () => FitReferralElement);
