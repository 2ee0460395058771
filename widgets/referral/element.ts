import { createWidgetElement } from "../ui/element.js";
import { Referral } from "./component.js";
import spec from "./element.json";

/** The `<fit-referral>` element class (importing it registers nothing; see ./define.ts). */
export const FitReferralElement = createWidgetElement(Referral, spec, {
  // Each language is a chunk of its own, fetched when an element first speaks it (English is built in).
  "es-US": () => import("./copy.es-US.js"),
  "fr-CA": () => import("./copy.fr-CA.js"),
});
