import { useEffect, type RefObject } from "react";
import type { MembershipStepDetail } from "../../../../widgets/membership-panel/names.js";
import { useAnalytics } from "../../lib/analytics.js";
import { useStore } from "../../lib/store.js";

type Step = `${MembershipStepDetail["flow"]}:${MembershipStepDetail["step"]}`;

/** The product facts' flow events, by the panel's `fit-membership-step` (what happened, not the words on screen). */
const STEPS: Partial<Record<Step, [event: string, properties?: Record<string, unknown>]>> = {
  "plan:opened": ["App Subscription Update Page Viewed"],
  "plan:plan-chosen": ["App Subscription Update Confirmation Modal Viewed"],
  "plan:confirmed": ["App Subscription Update Confirmation Modal Accepted"],
  "cancel:opened": ["App Subscription Cancel Step Viewed", { step: "offers" }],
  "cancel:offers-declined": ["App Subscription Cancel Step Viewed", { step: "reasons" }],
};

/**
 * The product facts' membership events for a page showing <fit-membership-panel>: "App Subscription Page Viewed" per
 * page, the flows' events from the panel's typed `fit-membership-step` events (so a copy change in the panel cannot
 * break them), and "CTA Clicked" named by the label of each button or link pressed in it (clicks inside its shadow
 * root reach the page as composed events; the first button or link on `composedPath()` is the one pressed).
 * Returns the `fit-membership-step` listener for the panel.
 */
export function useMembershipAnalytics(host: RefObject<HTMLElement | null>, page: string) {
  const analytics = useAnalytics();
  const store = useStore();
  useEffect(() => analytics.track("App Subscription Page Viewed", { page }), [analytics, page]);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const onClick = (e: Event) => {
      const button = e
        .composedPath()
        .find((n): n is HTMLElement => n instanceof HTMLElement && (n.localName === "button" || n.localName === "a"));
      const name = button?.textContent.trim();
      if (name) analytics.track("CTA Clicked", { cta_name: name, page });
    };
    el.addEventListener("click", onClick);
    return () => el.removeEventListener("click", onClick);
  }, [host, analytics, page]);

  return (e: CustomEvent<MembershipStepDetail>) => {
    const { flow, step } = e.detail;
    const known = STEPS[`${flow}:${step}`];
    if (known) analytics.track(known[0], { page, ...known[1] });
    if (step !== "completed") return;
    if (flow === "cancel") analytics.track("App Subscription Cancellation Submitted", {});
    if (flow === "plan") {
      // The plan the member will be on (the change reloaded the subscription): the scheduled change, else the current
      // one.
      const sub = store.membership.subscription.data.peek() as
        { scheduled_change?: { sku?: string } | null; product_id?: string } | null | undefined;
      analytics.track("App Subscription Plan Update Submitted", {
        sku: sub?.scheduled_change?.sku ?? sub?.product_id ?? "",
      });
    }
  };
}
