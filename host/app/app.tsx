import { Router } from "wouter";
import type { Store } from "../../src/store/index.js";
import type { Analytics } from "../../src/analytics/index.js";
import { AnalyticsContext } from "./lib/analytics.js";
import { StoreContext } from "./lib/store.js";
import { ErrorBoundary } from "./layout/error-boundary.js";
import { Shell } from "./layout/shell.js";
import { LocaleRoot } from "./lib/locale.js";

/** The hosted app: the shared store, the language, the browser-location router and the shell that draws every route. */
export function App({ store, analytics }: { store: Store; analytics: Analytics }) {
  return (
    <StoreContext.Provider value={store}>
      <LocaleRoot
        render={() => (
          <AnalyticsContext.Provider value={analytics}>
            <ErrorBoundary>
              <Router>
                <Shell />
              </Router>
            </ErrorBoundary>
          </AnalyticsContext.Provider>
        )}
      />
    </StoreContext.Provider>
  );
}
