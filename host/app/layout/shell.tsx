import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { css } from "goober";
import { referralVisible, deviceClass } from "../../../src/domain/index.js";
import { PageRoutes, useRouteMatch } from "../routes.js";
import { useSession } from "../lib/session.js";
import { useStore } from "../lib/store.js";
import { useSignal } from "../lib/use-signal.js";
import { useConsent } from "../lib/analytics.js";
import { color, space } from "../theme/tokens.js";
import { ErrorBoundary } from "./error-boundary.js";
import { Header } from "./header.js";
import { Footer } from "./footer.js";
import { bannerInFlow, ConsentBanner } from "./consent-banner.js";
import { DetailPane } from "./detail-pane.js";
import { PaymentDueBanner } from "./payment-due-banner.js";
import { SessionGate } from "./session-gate.js";
import { Spinner } from "../ui/page.js";
import { t } from "../../../src/i18n/index.js";

const ReferralButton = lazy(() => import("./referral-button.js"));

// The referral button floats at the bottom left: the footer keeps room under its last line, so nothing stays
// covered once scrolled to the end (issue 32).
const frame = css`min-height: 100vh; display: flex; flex-direction: column;
  &[data-referral] > footer { padding-bottom: ${space[7] + space[6]}px; }`;
const mainClass = css`flex: 1; display: flex; flex-direction: column; &:focus { outline: none; }`;
const skip = css`
  position: absolute; left: ${space[3]}px; top: -100px; z-index: 100; background: ${color.surface}; color: ${color.ink}; padding: 12px 16px;
  border-radius: 8px; font-weight: 700; &:focus { top: ${space[3]}px; }
`;

/**
 * The frame around every route: header, the page (the route layer, `PageRoutes`) with the detail pane over it, footer,
 * cookie consent and the referral button, all behind the session and onboarding gate.
 */
export function Shell() {
  const store = useStore();
  const [location] = useLocation();
  const search = useSearch();
  const { route, pane } = useRouteMatch();
  const session = useSession();
  const [consent, saveConsent] = useConsent();
  const [consentOpen, setConsentOpen] = useState(false);
  const config = useSignal(store.content.config.data);
  useEffect(() => void store.content.config.load(), [store]);
  const fullPath = search ? `${location}?${search}` : location;
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

  const chromeless = route?.chrome === false;
  const width = typeof window === "undefined" ? 1280 : window.innerWidth;
  const showReferral = referralVisible({
    enabled: !!config?.features.referral,
    functionalConsent: consent.includes("Functional"),
    path: fullPath,
    signedIn: session.signedIn,
    entitled: session.entitled,
    device: deviceClass(width),
  });

  const banner =
    !consent.length || consentOpen ? (
      <ConsentBanner
        initial={consent}
        inline={bannerInFlow()}
        onSave={(c) => {
          saveConsent(c);
          setConsentOpen(false);
        }}
      />
    ) : null;

  return (
    <SessionGate route={route}>
      <div className={frame} data-referral={showReferral && !chromeless ? "" : undefined}>
        <a href="#main" className={skip}>
          {t("shell.skipToContent")}
        </a>
        {chromeless ? null : <Header />}
        {chromeless ? null : <PaymentDueBanner />}
        <main id="main" ref={mainRef} tabIndex={-1} className={mainClass}>
          <ErrorBoundary resetKey={basePath}>
            <Suspense fallback={<Spinner />}>
              <PageRoutes />
              {pane ? (
                <DetailPane slug={pane.slug} base={pane.base}>
                  {banner}
                </DetailPane>
              ) : null}
            </Suspense>
          </ErrorBoundary>
        </main>
        {chromeless ? null : <Footer onCookieSettings={() => setConsentOpen(true)} />}
        {pane ? null : banner}
        {showReferral && !chromeless ? (
          <Suspense fallback={null}>
            <ReferralButton path={fullPath} />
          </Suspense>
        ) : null}
      </div>
    </SessionGate>
  );
}
