import { defineConfig } from "vitest/config";

// CI machines are shared 2-core boxes, often running a second suite beside this one: these limits are for a machine
// under load, far above what an idle run needs, so only a hung test reaches them.
/** One API test file's start: its own copy of the seeded database (PGlite unpacks a data dir), the app, the index. */
const API_BOOT_TIMEOUT_MS = 180_000;
/**
 * A unit test: most take milliseconds, but the source scans (literal copy, layers) parse the whole app with the
 * TypeScript compiler, which took over vitest's default 5 s on a loaded machine.
 */
const UNIT_TEST_TIMEOUT_MS = 30_000;
const API_TEST_TIMEOUT_MS = 60_000;
/** A browser journey: several pages, each waiting for the server and the widgets. */
const E2E_TEST_TIMEOUT_MS = 120_000;
/** The e2e global start (build, server, Chromium) and a file's browser launch. */
const E2E_BOOT_TIMEOUT_MS = 240_000;
/** How long `expect.poll` waits for the page to show something. */
const E2E_POLL_TIMEOUT_MS = 30_000;

const api = (name: string, setup: string, db: string, exclude: string[] = []) => ({
  test: {
    name,
    include: ["tests/api/**/*.test.ts"],
    exclude,
    environment: "node",
    globalSetup: [setup],
    env: { FITKIT_TEST_DB: db },
    testTimeout: API_TEST_TIMEOUT_MS,
    hookTimeout: API_BOOT_TIMEOUT_MS,
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
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          testTimeout: UNIT_TEST_TIMEOUT_MS,
        },
      },
      // Several server processes share one PostgreSQL; PGlite serves one process.
      api("api:pglite", "tests/api/global-setup-pglite.ts", "pglite", [
        "tests/api/multi-process.test.ts",
        "tests/api/multi-process-s3.test.ts",
      ]),
      ...(process.env.TEST_DATABASE_URL ? [api("api:postgres", "tests/api/global-setup-postgres.ts", "postgres")] : []),
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          expect: { poll: { timeout: E2E_POLL_TIMEOUT_MS } },
          fileParallelism: false,
          testTimeout: E2E_TEST_TIMEOUT_MS,
          hookTimeout: E2E_BOOT_TIMEOUT_MS,
        },
      },
    ],
  },
});
