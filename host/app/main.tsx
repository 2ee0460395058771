import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { setup } from "goober";
import { getSharedStore } from "../../src/store/index.js";
import { installGlobalStyles } from "./theme/global.js";
import { removeLeftoverTokenCookies } from "../../src/auth/cookies.js";
import { getSharedAnalytics } from "../../src/analytics/index.js";
import { App } from "./app.js";

// Entry of the hosted app. The API is this page's own origin (the server hosts both).
removeLeftoverTokenCookies();
setup(createElement);
installGlobalStyles();
const store = getSharedStore({ apiBase: location.origin });
const analytics = getSharedAnalytics({ api: store.api });
createRoot(document.getElementById("root")!).render(<App store={store} analytics={analytics} />);
