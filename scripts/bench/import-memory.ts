import { execFile } from 'node:child_process'
import type { Readable } from 'node:stream'
import { promisify } from 'node:util'
import { bodyToDescription } from '../../src/server/modules/catalog-import/shopify-body'
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../src/shared/catalog-import/schema'
import { signIn, withScratchDatabase } from './catalog'
import { importFile, shopifyCsv, sleep } from './import-files'
import { freePort, removeTempDir, startApp, stopChild } from './processes'

// Issue 37, decision 017's stronger proof: files at the upload limit, and the heap V8 leaves after
// each full collection, read from the server's own `--trace-gc` output. A resident set or a heap
// peak says how long V8 let garbage wait; the heap after a Mark-Compact is what was still reachable,
// so an import that kept the file's rows (20 MB of text, more as strings and objects) would show
// them there. The server runs unchanged: only its Node options differ (`--trace-gc`, and an
// inspector port on the loopback through which the bench asks for a full collection at chosen
// moments, since the 100-row import ends before V8 collects in full on its own, and an idle
// server's memory reducer did not collect within 30 s in the first trials).

export const IMPORT_MEMORY_PLAN = {
  /** The long rows' file: IMPORT_MAX_ROWS rows, just under IMPORT_MAX_BYTES (the server's 413). */
  largeRows: IMPORT_MAX_ROWS,
  largeBytes: IMPORT_MAX_BYTES - 64 * 1024,
  /** The same long rows, few of them. */
  smallRows: 100,
  /** Plain text per piece's description, about; the rest of a body is markup the sanitiser drops. */
  textChars: 3_000,
  /** How long the lines of a forced full collection may take to reach the bench. */
  forcedGcWaitMs: 5_000,
}
/**
 * The target: the largest heap after a full collection during the 20 MB import is at most
 * marginMb above the small file's figure. An import that kept the file's rows would add at least
 * the file itself (20 MB); the margin leaves room for the job's own bounded working set (a 64 KB
 * chunk, a batch of 100 rows, the dry run's report) and the server's other caches warming up. The
 * first runs read 3.0 to 7.2 MB above it (decision 017).
 */
export const IMPORT_MEMORY_TARGET = { marginMb: 16 }

/** One line of `--trace-gc` for a full collection: the heap before and after, in MB. */
export interface FullGc {
  /** When the line reached the bench (performance.now()): V8 writes each line as it collects. */
  atMs: number
  kind: string
  beforeMb: number
  afterMb: number
}

// `[8848:0x30b45080]      541 ms: Mark-Compact 56.3 (85.0) -> 52.3 (85.9) MB, 5.29 / 0.00 ms ...`
// and `Mark-Compact (reduce)` (the memory reducer's) in Node 20's V8 (11.3).
const FULL_GC = /\d+ ms: (Mark-Compact(?: \([^)]*\))?) ([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/

/** Every full collection the server reports on its stdout, as it happens. */
export class GcTrace {
  readonly fullGcs: FullGc[] = []
  private rest = ''
  constructor(stdout: Readable) {
    stdout.on('data', (chunk: Buffer) => {
      const lines = (this.rest + chunk.toString()).split('\n')
      this.rest = lines.pop() ?? ''
      for (const line of lines) {
        const match = FULL_GC.exec(line)
        if (match)
          this.fullGcs.push({
            atMs: performance.now(),
            kind: match[1]!,
            beforeMb: Number(match[2]),
            afterMb: Number(match[3]),
          })
      }
    })
  }
  between(fromMs: number, toMs: number): FullGc[] {
    return this.fullGcs.filter((gc) => gc.atMs >= fromMs && gc.atMs <= toMs)
  }
}

const run = promisify(execFile)

// The inspector's HeapProfiler.collectGarbage: V8 collects everything it can (several
// Mark-Compacts in a row, which --trace-gc reports like any other). A helper process talks to it
// (Node 20's WebSocket is behind a flag), so that the bench's own event loop keeps reading the trace.
const COLLECT = `
const [list] = await (await fetch('http://127.0.0.1:' + process.argv[1] + '/json/list')).json()
const socket = new WebSocket(list.webSocketDebuggerUrl)
socket.onopen = () => socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }))
socket.onmessage = (event) => { if (JSON.parse(event.data).id === 1) { socket.close(); process.exit(0) } }
socket.onerror = () => process.exit(1)
`

/** A full collection in the server now; the heap it leaves, in MB, from the trace. */
async function forcedFullGc(trace: GcTrace, inspectPort: number): Promise<number> {
  const seen = trace.fullGcs.length
  await run(
    process.execPath,
    ['--experimental-websocket', '--no-warnings', '--input-type=module', '-e', COLLECT, String(inspectPort)],
    {
      timeout: 30_000,
    },
  )
  // V8 writes its lines as it collects, before the inspector answers; a moment for the pipe.
  const deadline = performance.now() + IMPORT_MEMORY_PLAN.forcedGcWaitMs
  while (trace.fullGcs.length === seen && performance.now() < deadline) await sleep(50)
  await sleep(300)
  const last = trace.fullGcs.at(-1)
  if (trace.fullGcs.length === seen || !last)
    throw new Error('the forced full collection left no line in the GC trace')
  return last.afterMb
}

const SENTENCES = [
  'This piece is natural Type A jadeite, untreated, with no bleaching, no polymer and no dye.',
  'Its colour is even across the stone, with the soft translucency collectors call good water.',
  'It was cut from a boulder bought in Hpakant and shaped and polished by hand in Guatemala.',
  'Under a loupe the crystal structure shows the fine, interlocking grain of an old-mine stone.',
  'A laboratory report comes with it, and we will gladly send it to a laboratory of your choice.',
  'Jadeite is hard and tough, but a fall on stone can chip it: take it off for sport and gardening.',
  'Wash it in lukewarm water with a drop of mild soap, and dry it with a soft cloth.',
  'Every piece is one of a kind: the photographs show this stone, in daylight, without retouching.',
  'Small natural marks such as a fine vein or a speck of black are part of the stone and not flaws.',
  'It ships insured in a silk pouch and a lacquered box, with tracking, within two working days.',
]

/**
 * A Shopify body as its editor writes one: paragraphs of text (about textChars of it, different
 * from piece to piece) wrapped in styled spans, a specification list, and `padBytes` more of a
 * pasted `<style>` block, which the sanitiser drops with its contents. The cleaned description
 * must stay within the product rules' 5,000 characters; the bytes around it make the file's size.
 */
function longBody(padBytes: number) {
  return (product: number, word: string, colour: string) => {
    const paragraphs: string[] = []
    let chars = 0
    for (let n = 0; chars < IMPORT_MEMORY_PLAN.textChars; n++) {
      const text = [0, 3, 7]
        .map((step) => SENTENCES[(product + n * 3 + step) % SENTENCES.length]!)
        .join(' ')
        .replace('This piece', `This ${colour} jadeite ${word} (no. ${product + 1})`)
      chars += text.length
      paragraphs.push(
        `<p data-mce-fragment="1" style="margin:0 0 1em;line-height:1.6"><span style="font-weight:400">${text}</span></p>`,
      )
    }
    const list = `<ul><li>Colour: ${colour}</li><li>Treatment: none (Type A)</li><li>Origin: Myanmar</li></ul>`
    const rule = '.jade-spec td{padding:4px 8px;border-bottom:1px solid #e5e5e5;font-size:14px}'
    const style =
      padBytes > 15
        ? `<style>${rule.repeat(Math.ceil(padBytes / rule.length)).slice(0, padBytes - 15)}</style>`
        : ''
    return paragraphs.join('') + list + style
  }
}

/**
 * A Shopify file of `rows` long rows. With `targetBytes`, the pasted style blocks are sized so that
 * the file ends just under it; otherwise they are `padBytes` each.
 */
export function longShopifyFile(
  prefix: string,
  rows: number,
  size: { targetBytes: number } | { padBytes: number },
) {
  let padBytes = 'padBytes' in size ? size.padBytes : 0
  if ('targetBytes' in size) {
    const bare = shopifyCsv(prefix, rows, longBody(0))
    padBytes = Math.floor((size.targetBytes - Buffer.byteLength(bare.csv)) / bare.products)
  }
  const file = shopifyCsv(prefix, rows, longBody(padBytes))
  const bytes = Buffer.byteLength(file.csv)
  if (bytes > IMPORT_MAX_BYTES) throw new Error(`the long file is ${bytes} bytes, over the upload limit`)
  const longest = Math.max(
    ...Array.from(
      { length: Math.min(file.products, 50) },
      (_, i) => bodyToDescription(longBody(padBytes)(i, 'bangle', 'lavender')).length,
    ),
  )
  if (longest > 5000) throw new Error(`a long row's description cleans to ${longest} characters, over 5,000`)
  return { ...file, bytes, padBytes, descriptionChars: longest }
}

export interface MemoryRun {
  rows: number
  products: number
  bytes: number
  dryRunS: number
  importS: number
  /** The heap after a forced full collection just before the file was sent. */
  beforeMb: number
  /** The heap after each full collection V8 made between the file's send and the job's end. */
  duringMb: number[]
  /** The heap after a forced full collection once the job had ended. */
  afterMb: number
  /** The largest heap after a full collection from the send to just after the job's end. */
  figureMb: number
}

export interface ImportMemory {
  small: MemoryRun
  large: MemoryRun
  padBytes: number
  descriptionChars: number
  marginMb: number
  /** The largest heap after a full collection during the 20 MB import, over the small figure. */
  growthMb: number | null
  pass: boolean
}

/**
 * One fresh PostgreSQL shop, its server started with `--trace-gc`: the small file of long rows,
 * then the file at the upload limit, each through the API as the back office sends it, with a
 * full collection forced before each file and after each job.
 */
export async function measureImportMemory(postgresUrl: string): Promise<ImportMemory> {
  const plan = IMPORT_MEMORY_PLAN
  const large = longShopifyFile('M5000', plan.largeRows, { targetBytes: plan.largeBytes })
  const small = longShopifyFile('M100', plan.smallRows, { padBytes: large.padBytes })
  return withScratchDatabase(postgresUrl, async (databaseUrl) => {
    const inspectPort = await freePort()
    const nodeArgs = ['--trace-gc', `--inspect=127.0.0.1:${inspectPort}`]
    const server = await startApp({ databaseUrl, seedDemo: false, nodeArgs })
    const trace = new GcTrace(server.process.stdout!)
    try {
      const cookie = await signIn(server.baseUrl)
      await sleep(2000) // start-up work settles
      const measure = async (file: typeof small, rows: number): Promise<MemoryRun> => {
        console.info(
          `import memory: ${rows.toLocaleString('en-US')} long rows, ${file.bytes.toLocaleString('en-US')} bytes`,
        )
        const beforeMb = await forcedFullGc(trace, inspectPort)
        const sent = performance.now()
        const result = await importFile(server, cookie, file.csv)
        const ended = performance.now()
        if (result.created !== file.products || result.errors > 0)
          throw new Error(
            `${rows} long rows: ${result.created} created of ${file.products}, ${result.errors} errors`,
          )
        const duringMb = trace.between(sent, ended).map((gc) => gc.afterMb)
        const afterMb = await forcedFullGc(trace, inspectPort)
        return {
          rows,
          products: file.products,
          bytes: file.bytes,
          dryRunS: result.dryRunS,
          importS: result.importS,
          beforeMb,
          duringMb,
          afterMb,
          figureMb: Math.max(afterMb, ...duringMb),
        }
      }
      const smallRun = await measure(small, plan.smallRows)
      const largeRun = await measure(large, plan.largeRows)
      const { marginMb } = IMPORT_MEMORY_TARGET
      // The small figure takes the forced collection just after its job: its import ends before V8
      // collects in full on its own, and a job's working set is gone by then, so the margin must
      // hold it. Without a full collection during the 20 MB import nothing is shown: a failure.
      const growthMb =
        largeRun.duringMb.length > 0 ? Math.max(...largeRun.duringMb) - smallRun.figureMb : null
      return {
        small: smallRun,
        large: largeRun,
        padBytes: large.padBytes,
        descriptionChars: large.descriptionChars,
        marginMb,
        growthMb,
        pass: growthMb !== null && growthMb <= marginMb,
      }
    } finally {
      await stopChild(server)
      removeTempDir(server.dataDir)
    }
  })
}

const int = (value: number) => Math.round(value).toLocaleString('en-US')
const mb = (value: number) => `${value.toFixed(1)} MB`

/** BENCHMARKS.md's account of it, inside the import section. */
export function importMemorySection(memory: ImportMemory): string[] {
  const { small, large } = memory
  const lines = [
    `Then the heap at the upload limit (decision 017). A Shopify file of ${int(large.rows)} rows ` +
      `(${int(large.products)} pieces, every fourth with a second picture's row) whose bodies are long, as Shopify's ` +
      `editor writes them: about ${int(IMPORT_MEMORY_PLAN.textChars)} characters of text in styled paragraphs and ` +
      `spans, a list, and a pasted \`<style>\` block of ${int(memory.padBytes)} bytes that the sanitiser drops with its ` +
      `contents, so that the file is ${int(large.bytes)} bytes, just under the ${int(IMPORT_MAX_BYTES)} above which ` +
      `the server answers 413, and each description cleans to at most ${int(memory.descriptionChars)} characters ` +
      `(the product rules allow 5,000); and a file of ${int(small.rows)} of the same rows. Both go, the small one ` +
      'first, through the API into one fresh PostgreSQL shop whose server runs with `--trace-gc` (and an inspector ' +
      'port on the loopback, nothing else changed). From its trace, the heap after every full collection ' +
      "(Mark-Compact) V8 made between the file's send and the job's end; before each file and after each job the " +
      "bench forces one (`HeapProfiler.collectGarbage` through the inspector). The small file's figure is the " +
      'largest of its own and the one forced after its job, as its import ends before V8 collects in full on its ' +
      `own. Target: the largest heap after a full collection during the 20 MB import at most ${memory.marginMb} MB ` +
      "above the small file's figure. An import that kept the file's rows would add at least the file's 20 MB.",
    '',
    '| long rows | pieces | file | dry run | job | rows/s | heap before | after each full GC during the import | heap after the job | figure |',
    '|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|',
  ]
  for (const run of [small, large])
    lines.push(
      `| ${int(run.rows)} | ${int(run.products)} | ${(run.bytes / 1024 / 1024).toFixed(2)} MiB | ${run.dryRunS.toFixed(1)} s | ` +
        `${run.importS.toFixed(1)} s | ${int(run.rows / (run.dryRunS + run.importS))} | ${mb(run.beforeMb)} | ` +
        `${run.duringMb.length ? run.duringMb.map((value) => value.toFixed(1)).join(', ') : 'none'} | ${mb(run.afterMb)} | ${mb(run.figureMb)} |`,
    )
  lines.push(
    '',
    memory.growthMb === null
      ? `No full collection during the 20 MB import: nothing shown, **FAIL**.`
      : `Largest heap after a full collection during the 20 MB import: ${mb(Math.max(...large.duringMb))}, ` +
          `${mb(memory.growthMb)} above the small file's ${mb(small.figureMb)} (at most ${memory.marginMb} MB): ` +
          `${memory.pass ? 'pass' : '**FAIL**'}.`,
  )
  return lines
}

export function importMemorySummary(memory: ImportMemory): string {
  const largest = memory.large.duringMb.length ? mb(Math.max(...memory.large.duringMb)) : 'no full GC'
  return (
    `  import at the limit: ${int(memory.large.rows)} long rows (${int(memory.large.bytes)} bytes), largest heap after a ` +
    `full GC ${largest} against ${mb(memory.small.figureMb)} for ${int(memory.small.rows)}: ${memory.pass ? 'pass' : 'FAIL'}`
  )
}
