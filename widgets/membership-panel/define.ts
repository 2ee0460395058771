// Registers <fit-membership-panel> (the ESM entry dist/widgets/esm/membership-panel.js).
import { defineElement } from "../define.js";
import { TAGS } from "../constants.js";
import { FitMembershipPanelElement } from "./element.js";

defineElement(TAGS.membershipPanel, () => FitMembershipPanelElement);
