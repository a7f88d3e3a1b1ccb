import { fileURLToPath } from 'node:url'

// This file lives at src/server/paths.ts and is bundled into dist/server/main.js: both sit two
// levels below the project root, so one relative URL serves the source and the build.
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const MIGRATIONS_DIR = `${PROJECT_ROOT}src/server/db/migrations`
export const CLIENT_DIST_DIR = `${PROJECT_ROOT}dist/client`
export const SSR_ENTRY = `${PROJECT_ROOT}dist/ssr/entry-server.js`
/** The small rate tables shipped for the demo and the tests (issue 34): never a whole country's. */
export const SAMPLE_TAX_TABLES_DIR = `${PROJECT_ROOT}src/server/modules/tax/samples`
