import { randomBytes } from 'node:crypto'
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'
import { PROJECT_ROOT } from '../paths'

// A TypeScript entry as one ES module, for the tests that run the shop's code in a child process
// (a kill -9 mid-transaction, main.ts on SIGTERM). Loaded through tsx, each child transformed and
// resolved the server's few hundred files again: 7 s a start on the 2-core machine, before it
// did anything. The bundle of the same sources, made here from what is on disk now (never a stale
// build), loads in well under one. npm packages stay in node_modules, as in the production build.

// Two levels below the project root, as dist/server/main.js: paths.ts finds the root from there.
const CHILDREN_DIR = path.join(PROJECT_ROOT, 'dist/test-children')

const bundled = new Map<string, Promise<string>>()

/** The path of `entry` (relative to the project root) bundled for `node`, built once per process. */
export function childScript(entry: string): Promise<string> {
  let script = bundled.get(entry)
  if (!script) {
    script = bundle(entry)
    bundled.set(entry, script)
  }
  return script
}

async function bundle(entry: string): Promise<string> {
  const file = path.join(CHILDREN_DIR, `${path.basename(entry, '.ts')}.mjs`)
  // One file, where the production build splits off what is loaded only when configured (the S3
  // store): a child loads the AWS SDK at its start, which costs it a fraction of a second.
  const result = await build({
    entryPoints: [path.join(PROJECT_ROOT, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: 'inline',
    // Not written by esbuild, but named, so the source map's paths lead back to src/ from there.
    outfile: file,
    write: false,
    logLevel: 'warning',
  })
  mkdirSync(CHILDREN_DIR, { recursive: true })
  // Another Vitest worker may be bundling the same entry: each writes whole, then renames.
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`
  writeFileSync(partial, result.outputFiles[0]!.contents)
  renameSync(partial, file)
  return file
}
