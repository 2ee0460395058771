import { readdirSync, readFileSync } from "node:fs";
import { sql } from "kysely";
import { fromRoot } from "../paths.js";
import type { Db } from "./index.js";

const MIGRATIONS_DIR = fromRoot("host", "server", "db", "migrations");

/** Numbered plain-SQL files, applied in name order, each once, each inside its own transaction. */
function listMigrations(): { name: string; sql: string }[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{3}_.+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(`${MIGRATIONS_DIR}/${name}`, "utf8") }));
}

export async function migrate(db: Db): Promise<string[]> {
  // Under the lock too: two processes creating the table at once collide in PostgreSQL's catalogue.
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(727274)`.execute(trx);
    await sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(
      trx,
    );
  });
  const done = new Set(
    (await sql<{ name: string }>`select name from schema_migrations`.execute(db)).rows.map((r) => r.name),
  );
  const pending = listMigrations().filter((m) => !done.has(m.name));
  const applied: string[] = [];
  // Each pending file is re-checked under the lock: another process may have applied it since the read above.
  for (const migration of pending) {
    await db.transaction().execute(async (trx) => {
      // One server at a time applies migrations, so two processes starting together do not race.
      await sql`select pg_advisory_xact_lock(727274)`.execute(trx);
      const done = await sql<{
        name: string;
      }>`select name from schema_migrations where name = ${migration.name}`.execute(trx);
      if (done.rows.length) return;
      await sql.raw(migration.sql).execute(trx);
      await sql`insert into schema_migrations (name) values (${migration.name})`.execute(trx);
      applied.push(migration.name);
    });
  }
  return applied;
}
