import { expect, it, vi } from "vitest";
import * as reactive from "../../widgets/ui/reactive.js";

// The same bridge tests on the reactive core the widget bundles ship (widgets/ui/reactive.ts).
vi.mock("@preact/signals-core", () => import("../../widgets/ui/reactive.js"));
await import("./widget-signals.test.js");

it("runs them on widgets/ui/reactive", async () => {
  expect((await import("@preact/signals-core")).effect).toBe(reactive.effect);
});
