import { mkdirSync } from "node:fs";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import type { Database } from "./schema.js";

export type Db = Kysely<Database>;
type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  /** Raw pool, for LISTEN/NOTIFY and bulk paths that Kysely does not cover. */
  pool: pg.Pool;
  /** The embedded engine itself (pglite only), e.g. to dump its data dir. */
  pglite?: PGlite;
  /** The embedded database's folder (pglite on disk only). */
  dataDir?: string;
  close(): Promise<void>;
}

// timestamptz and bigint arrive as Date and string by default; counts are bigint: parse those as numbers.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** PostgreSQL over a pg.Pool. */
export function connectPostgres(connectionString: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max });
  pool.on("error", () => {
    /* idle client errors surface on the next query */
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: "postgres", pool, close: () => db.destroy() };
}

/** Embedded PGlite (in dataDir, or in memory when dataDir is undefined), through its pg-compatible adapter. */
export async function connectPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { createPgConfig } = await import("@electric-sql/pglite/node-postgres");
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const pool = new pg.Pool(createPgConfig(pglite));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: "pglite",
    pool,
    pglite,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

export async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
