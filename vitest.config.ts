import { defineConfig } from 'vitest/config'

// The integration suite runs on the embedded database, and again on PostgreSQL when
// TEST_DATABASE_URL is set; each test file gets a database of its own, a copy of one that the global
// setup migrated once for the run (src/server/test/global-setup.ts).
const integration = {
  globalSetup: ['src/server/test/global-setup.ts'],
  setupFiles: ['src/server/test/setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // A worker keeps its loaded modules from one test file to the next. Loading the whole app afresh
  // for each of ~240 files per database was most of the suite's time (measured on the 2-core
  // machine: 339 s of module import summed over the workers, 557 s → 297 s for the whole run). Each
  // file still builds apps and databases of its own; what it shares is code, and module state that
  // a test changes it restores (setup.ts checks console.error per test, spies are restored).
  isolate: false,
}

const onPostgres = process.env.TEST_DATABASE_URL
  ? [
      {
        test: {
          name: 'postgres',
          include: ['src/server/**/*.test.ts'],
          env: { TEST_DB_DRIVER: 'postgres' },
          ...integration,
        },
      },
    ]
  : []

export default defineConfig({
  test: {
    // Vitest keeps a core free by default, which on a 2-core runner means one file at a time; the
    // integration files wait on PostgreSQL, on child processes and on sharp's thread pool enough
    // that more files at once than cores finish sooner (measured on both databases: one worker to
    // two, 581 s → 436 s; two to three, 197–209 s → 182–184 s, back to back on an AMD EPYC with
    // 2 cores).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'pglite',
          include: ['src/**/*.test.ts'],
          env: { TEST_DB_DRIVER: 'pglite' },
          ...integration,
        },
      },
      ...onPostgres,
    ],
  },
})
