// Browser bundles: the widgets (ESM entries + one IIFE for script tags) and the hosted app.
// Each part is added by its own config module so the widget kit and the app can evolve apart.
import { existsSync } from "node:fs";

const parts = [];
for (const file of ["./widgets/rollup.widgets.mjs", "./host/app/rollup.app.mjs"]) {
  if (existsSync(new URL(file, import.meta.url))) parts.push(...(await import(file)).default);
}
export default parts;
