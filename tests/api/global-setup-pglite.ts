import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { connectPglite } from "../../host/server/db/index.js";
import { migrate } from "../../host/server/db/migrate.js";
import { seed, seedSteps } from "../../host/server/db/seed/index.js";
import { systemClock } from "../../host/server/clock.js";

/** Migrates and seeds one in-memory PGlite, then hands every test file a copy of it. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "fitkit-pglite-"));
  const database = await connectPglite();
  await migrate(database.db);
  await seed(database.db, { clock: systemClock }, seedSteps({ demo: true }));
  const dump = await (await database.pglite!.dumpDataDir("gzip")).arrayBuffer();
  await database.close();
  const path = join(dir, "template.tar.gz");
  writeFileSync(path, Buffer.from(dump));
  project.provide("pgliteTemplate", path);
  return () => rmSync(dir, { recursive: true, force: true });
}
