import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { css } from "goober";
import { referralVisible, deviceClass, shouldRedirectToOnboarding } from "../../../src/domain/index.js";
import { matchRoute, NotFound, paneOf } from "../routes.js";
import { RouteParams } from "../lib/route-context.js";
import { useSession, useSessionSync } from "../lib/session.js";
import { useStore } from "../lib/store.js";
import { useSignal } from "../lib/use-signal.js";
import { signInFor } from "../lib/redirect.js";
import { useAnalytics, useConsent, useIdentify } from "../lib/analytics.js";
import { useOnboardingRedirects } from "../lib/onboarding.js";
import { color, space } from "../theme/tokens.js";
import { ErrorBoundary } from "./error-boundary.js";
import { Header } from "./header.js";
import { Footer } from "./footer.js";
import { bannerInFlow, ConsentBanner } from "./consent-banner.js";
import { DetailPane } from "./detail-pane.js";
import { Spinner } from "../ui/page.js";

const ReferralButton = lazy(() => import("./referral-button.js"));

const frame = css`min-height: 100vh; display: flex; flex-direction: column;`;
const mainClass = css`flex: 1; display: flex; flex-direction: column; &:focus { outline: none; }`;
const skip = css`
  position: absolute; left: ${space[3]}px; top: -100px; z-index: 100; background: ${color.surface}; color: ${color.ink}; padding: 12px 16px;
  border-radius: 8px; font-weight: 700; &:focus { top: ${space[3]}px; }
`;

/** The same placeholder index.html paints before any script: shown until the auth state is known. */
export function BootPlaceholder() {
  return (
    <div className="fk-boot" role="status" aria-live="polite">
      <div className="fk-boot__mark">
        <span>fitkit</span>
        <span className="fk-boot__bar" />
        <span className="visually-hidden">Loading…</span>
      </div>
    </div>
  );
}

/** Pages that have their own full-bleed chrome (the player) hide the header and footer. */
const CHROMELESS = /^\/classes\/video\//;
/** The popup booking page keeps only the page itself. */
const POPUP = /^\/live\/book$/;

export function Shell() {
  useSessionSync();
  useIdentify();
  const store = useStore();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const session = useSession();
  const [consent, saveConsent] = useConsent();
  const [consentOpen, setConsentOpen] = useState(false);
  const config = useSignal(store.content.config.data);
  useEffect(() => void store.content.config.load(), [store]);
  const features = config?.features;
  const onboarding = useOnboardingRedirects(session.signedIn && session.entitled);
  const fullPath = search ? `${location}?${search}` : location;
  const matched = matchRoute(location);
  const pane = paneOf(location);
  const mainRef = useRef<HTMLElement>(null);

  // Scroll to the top and move focus to the page on a new page (not when a detail pane opens or closes over it).
  const basePath = pane ? pane.base : location;
  const lastBase = useRef(basePath);
  useEffect(() => {
    if (lastBase.current === basePath) return;
    lastBase.current = basePath;
    window.scrollTo({ top: 0 });
    mainRef.current?.focus({ preventScroll: true });
  }, [basePath]);

  const memberPage = matched?.route.access === "member" || !!matched?.route.memberQuery?.(new URLSearchParams(search));
  const needsMember = memberPage && session.ready && !session.signedIn;
  useEffect(() => {
    if (needsMember) navigate(signInFor(fullPath), { replace: true });
  }, [needsMember, fullPath, navigate]);

  // Decision: never on the sign-in family (the "Account created" step must show) nor in the booking popup (a hand-off
  // to another site that must finish); the member's next page in the app applies the rule.
  const onAuthPage = /^\/(signup|continue|login|logout|forgot-password|reset-password|live\/book)$/.test(location);
  const redirectOnboarding =
    session.ready &&
    onboarding.ready &&
    !onAuthPage &&
    shouldRedirectToOnboarding({
      signedIn: session.signedIn,
      entitled: session.entitled,
      onDemandCount: onboarding.onDemandCount,
      resultsUrl: onboarding.resultsUrl,
      path: fullPath,
      redirects: onboarding.redirects,
      now: Date.now(),
    });
  useEffect(() => {
    if (!redirectOnboarding) return;
    onboarding.record();
    navigate("/onboarding", { replace: true });
  }, [redirectOnboarding, navigate, onboarding]);

  // The placeholder covers the first load only; later sign-ins keep the page mounted (e.g. "Account created").
  const booted = useRef(false);
  if (session.ready) booted.current = true;
  if (!booted.current || needsMember || redirectOnboarding) return <BootPlaceholder />;

  const title = matched?.route.title ?? "Page not found";
  const Page = matched?.route.page ?? NotFound;
  const chromeless = CHROMELESS.test(location) || POPUP.test(location);
  const width = typeof window === "undefined" ? 1280 : window.innerWidth;
  const showReferral = referralVisible({
    enabled: !!features?.referral,
    functionalConsent: consent.includes("Functional"),
    path: fullPath,
    signedIn: session.signedIn,
    entitled: session.entitled,
    device: deviceClass(width),
  });

  return (
    <div className={frame}>
      <a href="#main" className={skip}>
        Skip to content
      </a>
      {chromeless ? null : <Header />}
      <main id="main" ref={mainRef} tabIndex={-1} className={mainClass}>
        <ErrorBoundary resetKey={basePath}>
          <Suspense fallback={<Spinner />}>
            <RouteParams.Provider value={matched?.params ?? {}}>
              <PageView path={fullPath} title={title} />
              <Page />
            </RouteParams.Provider>
            {pane ? <DetailPane slug={pane.slug} base={pane.base} /> : null}
          </Suspense>
        </ErrorBoundary>
      </main>
      {chromeless ? null : <Footer onCookieSettings={() => setConsentOpen(true)} />}
      {!consent.length || consentOpen ? (
        <ConsentBanner
          initial={consent}
          inline={bannerInFlow()}
          onSave={(c) => {
            saveConsent(c);
            setConsentOpen(false);
          }}
        />
      ) : null}
      {showReferral && !chromeless ? (
        <Suspense fallback={null}>
          <ReferralButton path={fullPath} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Sets the document title and sends the page view once the route's page has rendered (a completed route change). */
function PageView({ path, title }: { path: string; title: string }) {
  const analytics = useAnalytics();
  useEffect(() => {
    document.title = title === "fitkit" ? "fitkit" : `${title} | fitkit`;
    analytics.routeChanged(path, title);
  }, [path, title, analytics]);
  return null;
}
