// The widget kit's public API without side effects: element classes, the bridge and the shared names.
export { defineElement, defineWidget } from "./define.js";
export { createWidgetElement } from "./ui/element.js";
export * from "./constants.js";
export { FitWorkoutSearchElement } from "./workout-search/element.js";
export { FitSeriesCardElement } from "./series-card/element.js";
export { FitLiveScheduleElement } from "./live-schedule/element.js";
export { FitReferralElement } from "./referral/element.js";
export { FitMembershipPanelElement } from "./membership-panel/element.js";
