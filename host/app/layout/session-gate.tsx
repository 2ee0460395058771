import { useEffect, useRef, type ReactNode } from "react";
import { useLocation, useSearch } from "wouter";
import { onboardingFor, shouldRedirectToOnboarding } from "../../../src/domain/index.js";
import { useSession, useSessionSync } from "../lib/session.js";
import { signInFor } from "../lib/redirect.js";
import { useIdentify } from "../lib/analytics.js";
import { onboardingSkippedAt, useOnboardingRedirects } from "../lib/onboarding.js";
import type { AppRoute } from "../routes.js";
import { t } from "../../../src/i18n/index.js";

/** The same placeholder index.html paints before any script: shown until the auth state is known. */
function BootPlaceholder() {
  return (
    <div className="fk-boot" role="status" aria-live="polite">
      <div className="fk-boot__mark">
        <span>fitkit</span>
        <span className="fk-boot__bar" />
        <span className="visually-hidden">{t("shell.loading")}</span>
      </div>
    </div>
  );
}

/**
 * The session and onboarding gate around the whole frame: keeps the session in sync (claims on sign-in, member data
 * forgotten on sign-out) and the analytics identity, shows the boot placeholder until the auth state is known, sends a
 * signed-out visitor from a member page (or a member's own library query) to sign in and back, and an entitled member
 * to onboarding when the rule says so (spec §4/§9), except from routes marked `onboarding: false`.
 */
export function SessionGate({ route, children }: { route: AppRoute | undefined; children: ReactNode }) {
  useSessionSync();
  useIdentify();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const session = useSession();
  const onboarding = useOnboardingRedirects(session.signedIn && session.entitled);
  const fullPath = search ? `${location}?${search}` : location;

  const memberPage = route?.access === "member" || !!route?.memberQuery?.(new URLSearchParams(search));
  const needsMember = memberPage && session.ready && !session.signedIn;
  useEffect(() => {
    if (needsMember) navigate(signInFor(fullPath), { replace: true });
  }, [needsMember, fullPath, navigate]);

  const redirectOnboarding =
    session.ready &&
    onboarding.ready &&
    route?.onboarding !== false &&
    shouldRedirectToOnboarding({
      signedIn: session.signedIn,
      entitled: session.entitled,
      onDemandCount: onboarding.onDemandCount,
      resultsUrl: onboarding.resultsUrl,
      path: fullPath,
      redirects: onboarding.redirects,
      skippedAt: onboardingSkippedAt(),
      now: Date.now(),
    });
  useEffect(() => {
    if (!redirectOnboarding) return;
    onboarding.record();
    navigate(onboardingFor(fullPath), { replace: true });
  }, [redirectOnboarding, navigate, onboarding, fullPath]);

  // The placeholder covers the first load only; later sign-ins keep the page mounted (e.g. "Account created").
  const booted = useRef(false);
  if (session.ready) booted.current = true;
  if (!booted.current || needsMember || redirectOnboarding) return <BootPlaceholder />;
  return children;
}
