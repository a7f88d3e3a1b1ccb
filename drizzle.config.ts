import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  // One schema file per domain module (issue 33); src/server/db/schema.ts re-exports them all.
  schema: ['./src/server/modules/*/schema.ts', './src/server/limits/schema.ts'],
  out: './src/server/db/migrations',
})
