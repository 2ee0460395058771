import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { connectPglite, type DatabaseHandle } from "../../host/server/db/index.js";
import { migrate } from "../../host/server/db/migrate.js";
import { databaseKind } from "./harness.js";

/** A column as the Kysely table interfaces (host/server/db/tables/*.ts) declare it. */
interface DeclaredColumn {
  nullable: boolean;
  /** Insert may leave it out (Generated, Defaulted, or an insert type admitting undefined). */
  optionalOnInsert: boolean;
}

/** Reads the `Database` interface with the TypeScript checker: table → column → how it is declared. */
function declaredTables(): Map<string, Map<string, DeclaredColumn>> {
  const file = fileURLToPath(new URL("../../host/server/db/schema.ts", import.meta.url));
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const database = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === "Database",
  )!;
  const parts = (type: ts.Type) => (type.isUnion() ? type.types : [type]);
  const isNull = (type: ts.Type) => (type.flags & ts.TypeFlags.Null) !== 0;
  const isUndefined = (type: ts.Type) => (type.flags & ts.TypeFlags.Undefined) !== 0;
  // Kysely's ColumnType<S, I, U> carries its select and insert types as __select__ / __insert__.
  const side = (type: ts.Type, name: "__select__" | "__insert__") =>
    parts(type).flatMap((part) => {
      const property = part.getProperty(name);
      return property ? parts(checker.getTypeOfSymbol(property)) : [part];
    });
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const table of checker.getDeclaredTypeOfSymbol(checker.getSymbolAtLocation(database.name)!).getProperties()) {
    const columns = new Map<string, DeclaredColumn>();
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      const type = checker.getTypeOfSymbol(column);
      columns.set(column.name, {
        nullable: side(type, "__select__").some(isNull),
        optionalOnInsert: side(type, "__insert__").some(isUndefined),
      });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

let database: DatabaseHandle;
beforeAll(async () => {
  database = await connectPglite();
  await migrate(database.db);
});
afterAll(() => database.close());

/** The migrations are the schema; the table interfaces describe it to Kysely. They must say the same. */
describe.runIf(databaseKind === "pglite")("the Kysely table interfaces", () => {
  it("name every table and column of a freshly migrated database, with its nullability and defaults", async () => {
    const { rows } = await sql<{
      table_name: string;
      column_name: string;
      is_nullable: "YES" | "NO";
      has_default: boolean;
    }>`
      select c.table_name, c.column_name, c.is_nullable,
             (c.column_default is not null or c.is_identity = 'YES' or c.is_generated = 'ALWAYS') as has_default
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.table_name <> 'schema_migrations'
      order by c.table_name, c.ordinal_position`.execute(database.db);
    const migrated = new Map<string, Map<string, { nullable: boolean; hasDefault: boolean }>>();
    for (const row of rows) {
      if (!migrated.has(row.table_name)) migrated.set(row.table_name, new Map());
      migrated.get(row.table_name)!.set(row.column_name, {
        nullable: row.is_nullable === "YES",
        hasDefault: row.has_default,
      });
    }
    const declared = declaredTables();

    expect([...declared.keys()].sort()).toEqual([...migrated.keys()].sort());
    const mismatches: string[] = [];
    for (const [table, columns] of migrated) {
      const interfaceColumns = declared.get(table)!;
      expect([...interfaceColumns.keys()].sort(), table).toEqual([...columns.keys()].sort());
      for (const [column, actual] of columns) {
        const said = interfaceColumns.get(column)!;
        if (said.nullable !== actual.nullable)
          mismatches.push(`${table}.${column}: ${actual.nullable ? "nullable" : "not null"} in the database`);
        // Left out on insert only where the database fills it in (a default, identity, or null).
        if (said.optionalOnInsert && !actual.hasDefault && !actual.nullable)
          mismatches.push(`${table}.${column}: optional on insert but the database has no default`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
