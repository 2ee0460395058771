import { existsSync, readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { expectAReservableDay } from "./app-helpers.js";
import { closeBrowser, openSession, siteUrl, undefinedFitElements } from "./browser.js";

const FIT_TAGS = ["fit-live-schedule", "fit-series-card", "fit-workout-search", "fit-referral", "fit-membership-panel"];

afterAll(closeBrowser);

describe("example pages", () => {
  for (const page of ["studio-site", "studio-site-fr", "marketing", "account", "index"]) {
    it(`${page}.html loads with no console errors and every fit-* element defined`, async () => {
      const session = await openSession();
      try {
        const tab = await session.open(`/examples/${page}.html`);
        await tab.waitForLoadState("networkidle");
        expect(await undefinedFitElements(tab)).toEqual([]);
        const present = await tab.evaluate((tags) => tags.filter((t) => document.querySelector(t)), FIT_TAGS);
        for (const tag of present) expect(await tab.evaluate((t) => !!customElements.get(t), tag)).toBe(true);
        await session.screenshot(tab, `example-${page}`);
        session.assertClean();
      } finally {
        await session.close();
      }
    });
  }

  it("the studio site shows the Chicago week when embedded on another origin", async () => {
    const session = await openSession();
    try {
      const tab = await session.open(`${siteUrl()}/examples/studio-site.html`);
      const schedule = tab.locator("fit-live-schedule");
      await expectAReservableDay(schedule);
      await session.screenshot(tab, "example-studio-site-cross-origin");
      session.assertClean();
    } finally {
      await session.close();
    }
  });
});

describe("two copies of the kit on one page", () => {
  it("keeps the first definition, warns instead of throwing, and still renders", async () => {
    const session = await openSession();
    try {
      const warnings: string[] = [];
      session.context.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
      const page = await session.openWidgets(
        `<fit-series-card series="phase-and-function-PHF0921"></fit-series-card><script type="module" src="/widgets/esm/series-card.js"></script>`,
      );
      await page.locator("fit-series-card").getByRole("heading", { name: "Phase & Function" }).waitFor();
      await expect
        .poll(() => warnings.some((w) => w.includes("[fitkit W001] <fit-series-card> is already defined")))
        .toBe(true);
      session.assertClean();
    } finally {
      await session.close();
    }
  });
});

describe("the built widget package", () => {
  const root = new URL("../../", import.meta.url);
  const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as {
    exports: Record<string, string | Record<string, string>>;
  };

  it("resolves every widget exports path to a built file", () => {
    const targets = Object.entries(pkg.exports)
      .filter(([key]) => key.startsWith("./widgets/"))
      .flatMap(([key, target]) => {
        const files = typeof target === "string" ? [target] : Object.values(target);
        const names = key.endsWith("*")
          ? ["workout-search", "series-card", "live-schedule", "referral", "membership-panel"]
          : [""];
        return names.flatMap((name) => files.map((f) => f.replace("*", name)));
      });
    expect(targets.length).toBeGreaterThan(10);
    for (const target of targets) expect(existsSync(fileURLToPath(new URL(target, root))), target).toBe(true);
  });

  it("lists a correct subresource-integrity hash for every script", () => {
    const sri = JSON.parse(readFileSync(new URL("dist/widgets/sri.json", root), "utf8")) as Record<string, string>;
    expect(Object.keys(sri)).toContain("fitkit.iife.js");
    for (const [file, hash] of Object.entries(sri)) {
      const actual = createHash("sha384")
        .update(readFileSync(new URL(`dist/widgets/${file}`, root)))
        .digest("base64");
      expect(hash, file).toBe(`sha384-${actual}`);
    }
  });

  it("describes all five elements in custom-elements.json", () => {
    const manifest = JSON.parse(readFileSync(new URL("dist/widgets/custom-elements.json", root), "utf8")) as {
      modules: {
        declarations: {
          tagName: string;
          attributes: unknown[];
          events: unknown[];
          cssParts: unknown[];
          cssProperties: unknown[];
        }[];
      }[];
    };
    const tags = manifest.modules.flatMap((m) => m.declarations.map((d) => d.tagName));
    expect(tags.sort()).toEqual([
      "fit-live-schedule",
      "fit-membership-panel",
      "fit-referral",
      "fit-series-card",
      "fit-workout-search",
    ]);
    for (const d of manifest.modules.flatMap((m) => m.declarations)) {
      expect(d.attributes.length).toBeGreaterThan(4);
      expect(d.cssProperties.length).toBeGreaterThan(10);
    }
  });
});
