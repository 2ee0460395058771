import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { setup } from "goober";
import { installGlobalStyles } from "./theme/global.js";
import { ErrorBoundary } from "./layout/error-boundary.js";

setup(createElement);
installGlobalStyles();
createRoot(document.getElementById("root")!).render(<ErrorBoundary><p>hello</p></ErrorBoundary>);
