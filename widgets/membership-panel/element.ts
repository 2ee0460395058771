import { createWidgetElement } from "../ui/element.js";
import { MembershipPanel } from "./component.js";
import spec from "./element.json";

/** The `<fit-membership-panel>` element class (importing it registers nothing; see ./define.ts). */
export const FitMembershipPanelElement = createWidgetElement(MembershipPanel, spec);
