import { useEffect, type RefObject } from "react";
import type { Analytics } from "../../../../src/analytics/index.js";
import { t } from "../../../../src/i18n/index.js";
import { say } from "../../../../widgets/membership-panel/copy.js";

/**
 * The product facts' membership events, read from what the member does in <fit-membership-panel>: clicks inside its
 * shadow root reach the page as composed events (the first entry of `composedPath()` is the real target), so the
 * flow step is known from the button pressed, named by the same copy the panel renders. Completed flows arrive as
 * `fit-membership-change`.
 */
const STEPS: [label: string, event: string, properties?: Record<string, unknown>][] = [
  [say("membership.changePlan"), "App Subscription Update Page Viewed"],
  [t("action.continue"), "App Subscription Update Confirmation Modal Viewed"],
  [t("action.agree"), "App Subscription Update Confirmation Modal Accepted"],
  [say("membership.cancel"), "App Subscription Cancel Step Viewed", { step: "offers" }],
  [t("action.noThanksCancel"), "App Subscription Cancel Step Viewed", { step: "reasons" }],
];

export function useMembershipAnalytics(host: RefObject<HTMLElement | null>, analytics: Analytics, page: string) {
  useEffect(() => analytics.track("App Subscription Page Viewed", { page }), [analytics, page]);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const onClick = (e: Event) => {
      const button = e
        .composedPath()
        .find((n): n is HTMLElement => n instanceof HTMLElement && (n.localName === "button" || n.localName === "a"));
      const name = button?.textContent.trim();
      if (!name) return;
      analytics.track("CTA Clicked", { cta_name: name, page });
      for (const [label, event, properties] of STEPS)
        if (label === name) analytics.track(event, { page, ...properties });
    };
    el.addEventListener("click", onClick);
    return () => el.removeEventListener("click", onClick);
  }, [host, analytics, page]);
}
