// Bundles the server into dist/server/main.js; npm packages stay external (node_modules). Code
// loaded with import() only when configured (the S3 file store and its AWS SDK) goes into chunks
// beside it, so a shop that does not use it never loads it.
import { rmSync } from 'node:fs'
import { build } from 'esbuild'

// Chunk names carry content hashes: last build's would pile up.
rmSync('dist/server', { recursive: true, force: true })

await build({
  entryPoints: ['src/server/main.ts'],
  outdir: 'dist/server',
  // Also what lets main.ts set NODE_ENV before React loads: its import() of serve.ts stays a chunk
  // loaded after it, where one file would hoist every package's import above main.ts's first line.
  splitting: true,
  // Beside main.js: paths.ts finds the project root from its own file's depth, wherever it lands.
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
