// Writes .br and .gz beside every text asset of the client build, once, at build time; the static
// file server sends the compressed file to browsers that accept it (no work per request).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const ROOT = 'dist/client'
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry)
    if (statSync(full).isDirectory()) yield* files(full)
    else if (COMPRESSIBLE.test(entry)) yield full
  }
}

let count = 0
for (const file of files(ROOT)) {
  const data = readFileSync(file)
  if (data.length < 1024) continue
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }))
  count += 1
}
console.info(`compressed ${count} assets`)
