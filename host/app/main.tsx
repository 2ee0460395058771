import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { setup } from "goober";
import { getSharedStore } from "../../src/store/index.js";
import { installGlobalStyles } from "./theme/global.js";
import { removeLeftoverTokenCookies } from "../../src/auth/cookies.js";
import { getSharedAnalytics } from "../../src/analytics/index.js";
import { App } from "./app.js";
import { applyLocale } from "./lib/locale.js";
import { bootLocale } from "./lib/locale-choice.js";

// Entry of the hosted app. The API is this page's own origin (the server hosts both).
removeLeftoverTokenCookies();
setup(createElement);
installGlobalStyles();
const store = getSharedStore({ apiBase: location.origin });
const analytics = getSharedAnalytics({ api: store.api });
// A language other than English loads its catalogue first, so the first paint is already in that language; English
// is built in and renders at once.
const render = () => createRoot(document.getElementById("root")!).render(<App store={store} analytics={analytics} />);
applyLocale(bootLocale()).then(render, render);
