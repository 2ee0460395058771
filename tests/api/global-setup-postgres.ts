import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connectPostgres } from "../../host/server/db/index.js";
import { migrate } from "../../host/server/db/migrate.js";
import { seed, seedSteps } from "../../host/server/db/seed/index.js";
import { systemClock } from "../../host/server/clock.js";

/**
 * Creates a template database for this run on TEST_DATABASE_URL, migrated and seeded once; each test file clones it
 * (CREATE DATABASE … TEMPLATE) and drops its clone. Everything this run created is dropped at the end.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  const prefix = `fitkit_test_${randomBytes(4).toString("hex")}`;
  const template = `${prefix}_tpl`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const tplUrl = new URL(url);
  tplUrl.pathname = `/${template}`;
  const database = connectPostgres(tplUrl.toString(), 2);
  await migrate(database.db);
  await seed(database.db, { clock: systemClock }, seedSteps({ demo: true }));
  await database.close();
  project.provide("postgresTemplate", { url, template, prefix });

  return async () => {
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [
      `${prefix}%`,
    ]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}
