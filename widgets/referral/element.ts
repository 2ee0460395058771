import { createWidgetElement } from "../ui/element.js";
import { Referral } from "./component.js";
import spec from "./element.json";

/** The `<fit-referral>` element class (importing it registers nothing; see ./define.ts). */
export const FitReferralElement = createWidgetElement(Referral, spec);
