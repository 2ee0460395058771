// Registers <fit-membership-panel> (the ESM entry dist/widgets/esm/membership-panel.js).
import { defineElement } from "../define.js";
import { TAG } from "./names.js";
import { FitMembershipPanelElement } from "./element.js";

defineElement(TAG, () => FitMembershipPanelElement);
