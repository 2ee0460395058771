import { defineConfig } from "vitest/config";

const api = (name: string, setup: string, db: string, exclude: string[] = []) => ({
  test: {
    name,
    include: ["tests/api/**/*.test.ts"],
    exclude,
    environment: "node",
    globalSetup: [setup],
    env: { FITKIT_TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * Four projects: unit (happy-dom), the API suite on PGlite, the same API suite on PostgreSQL when TEST_DATABASE_URL
 * is set, and the browser journeys in Chromium.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "happy-dom" } },
      // Several server processes share one PostgreSQL; PGlite serves one process.
      api("api:pglite", "tests/api/global-setup-pglite.ts", "pglite", ["tests/api/multi-process.test.ts"]),
      ...(process.env.TEST_DATABASE_URL ? [api("api:postgres", "tests/api/global-setup-postgres.ts", "postgres")] : []),
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          expect: { poll: { timeout: 20_000 } },
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
