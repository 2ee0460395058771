/** The launch flags ARCHITECTURE.md fixes for CI: headless, no GPU, nothing phoning home (e2e tests and benches). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
