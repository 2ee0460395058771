import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, keepTokens, signInTokens, STEP_TIMEOUT, withSession } from "./browser.js";
import { visible } from "./app-helpers.js";
import { checkWidths, sees } from "./app-part2-helpers.js";

afterAll(closeBrowser);

/**
 * Moving a catalogue in (/admin/catalogue): an editor downloads the catalogue, checks a file with one bad row, sees
 * the row's problem in the table, fixes the file and imports it; the new workouts are in the console's list.
 */
describe("the console's import and export", () => {
  it("an editor exports, checks a file with a bad row, fixes it and imports", () =>
    withSession(async (session) => {
      await keepTokens(session, await signInTokens("editor@demo.fitkit.dev"), ["Essential"]);
      const page = await session.open("/admin/catalogue");
      await visible(page.getByRole("heading", { name: "Import and export", level: 1 }));

      const [download] = await Promise.all([
        page.waitForEvent("download", { timeout: STEP_TIMEOUT }),
        page.getByRole("button", { name: "Download CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^fitkit-catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
      const exported = await readFile(await download.path(), "utf8");
      const header = exported.slice(0, exported.indexOf("\r\n"));
      expect(header.split(",")).toContain("trainers");

      // Two workouts moved in from another platform, written with the export's columns.
      const suffix = Math.random().toString(36).slice(2, 7);
      const columns = header.split(",");
      const row = (values: Record<string, string>) => columns.map((c) => values[c] ?? "").join(",");
      const file = (trainer: string) =>
        Buffer.from(
          [
            header,
            row({ slug: `moved-flow-${suffix}`, name: `Moved Flow ${suffix}`, video_minutes: "20", level: "Beginner" }),
            row({ slug: `moved-core-${suffix}`, name: `Moved Core ${suffix}`, video_minutes: "15", trainers: trainer }),
          ].join("\r\n") + "\r\n",
        );
      const input = page.getByLabel("Catalogue file (CSV or JSON)");
      await input.setInputFiles({ name: "old-platform.csv", mimeType: "text/csv", buffer: file("nobody-here") });
      await page.getByRole("button", { name: "Check the file" }).click();
      await sees(page, "2 rows: 1 new, 0 changed, 0 unchanged, 1 with problems.");
      const bad = page.getByRole("row").filter({ hasText: `moved-core-${suffix}` });
      await visible(bad.getByText('Unknown trainer "nobody-here".'));
      expect(await page.getByRole("button", { name: "Import", exact: true }).isDisabled()).toBe(true);
      await checkWidths(session, page, "admin-transfer-problems");

      // The fix: a trainer the catalogue knows, as the export names them.
      const trainerSlug = parse<{ trainers: string }>(exported, { columns: true })
        .map((r) => r.trainers.split(";")[0]!)
        .find(Boolean)!;
      await input.setInputFiles({ name: "old-platform.csv", mimeType: "text/csv", buffer: file(trainerSlug) });
      await page.getByRole("button", { name: "Check the file" }).click();
      await sees(page, "No problems: the file can be imported.");
      await page.getByRole("button", { name: "Import", exact: true }).click();
      await sees(page, "Imported: 2 created, 0 updated.");
      await checkWidths(session, page, "admin-transfer-imported");

      await page.getByRole("link", { name: "See the workouts" }).click();
      await page.getByLabel("Find by name, slug or id").fill(suffix);
      await page.getByRole("button", { name: "Search" }).click();
      await visible(page.getByRole("rowheader", { name: new RegExp(`Moved Core ${suffix}`) }));
      await visible(page.getByRole("rowheader", { name: new RegExp(`Moved Flow ${suffix}`) }));
      session.assertClean({ allowConsole: /422/ });
    }));
});
