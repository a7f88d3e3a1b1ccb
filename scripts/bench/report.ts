import os from 'node:os'
import pg from 'pg'
import { CATALOG_TARGETS, type CatalogOutcome, PRODUCT_COUNT } from './catalog'
import { LIGHTHOUSE_CATEGORIES, LIGHTHOUSE_TARGETS, type LighthouseResult } from './lighthouse'
import { LOAD_PLAN } from './load'
import { JS_BUDGET_GZIP_BYTES, type ScriptWeight } from './storefront'

export interface Machine {
  cpu: string
  cores: number
  memoryGiB: number
  node: string
  postgres: string
  /** 1-minute load average at the start: other work on the machine lowers every absolute figure. */
  loadAverage: number
}

export async function describeMachine(postgresUrl: string): Promise<Machine> {
  const cpus = os.cpus()
  let postgres = 'unreachable'
  const client = new pg.Client({ connectionString: postgresUrl })
  try {
    await client.connect()
    const { rows } = await client.query<{ version: string }>('select version()')
    postgres = rows[0]?.version ?? postgres
  } catch (error) {
    postgres = `unreachable (${(error as Error).message})`
  } finally {
    await client.end().catch(() => {})
  }
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    postgres,
    loadAverage: os.loadavg()[0] ?? 0,
  }
}

export interface Report {
  date: Date
  machine: Machine
  catalog?: CatalogOutcome[]
  scripts?: ScriptWeight[] | { error: string }
  lighthouse?: LighthouseResult[] | { error: string }
}

const verdict = (pass: boolean) => (pass ? 'pass' : '**FAIL**')
const int = (value: number) => Math.round(value).toLocaleString('en-US')
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`

function catalogSection(outcomes: CatalogOutcome[]): string[] {
  const lines = [
    '## Catalogue throughput: `GET /api/products`',
    '',
    `${PRODUCT_COUNT} products, ${LOAD_PLAN.connections} connections, ${LOAD_PLAN.measuredS} s per server ` +
      `measured in ${LOAD_PLAN.slices} alternating slices after a ${LOAD_PLAN.warmupS} s warm-up; ` +
      'p50/p99 are the median over the slices, "worst p99" the worst slice. Targets: app/bare >= ' +
      `${CATALOG_TARGETS.minRatio}, p99 < ${CATALOG_TARGETS.maxP99Ms} ms.`,
    '',
    '| database | body | app req/s | bare req/s | app/bare | app p50 | app p99 | app worst p99 | bare p99 | errors | result |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ]
  for (const outcome of outcomes) {
    if ('error' in outcome) {
      lines.push(`| ${outcome.database} | | | | | | | | | | **ERROR**: ${oneLine(outcome.error)} |`)
      continue
    }
    const { app, bare } = outcome
    lines.push(
      `| ${outcome.database} | ${kb(outcome.bodyBytes)} | ${int(app.requestsPerSecond)} | ` +
        `${int(bare.requestsPerSecond)} | ${outcome.ratio.toFixed(3)} | ${ms(app.p50Ms)} | ${ms(app.p99Ms)} | ` +
        `${ms(app.worstP99Ms)} | ${ms(bare.p99Ms)} | ${app.failures} | ${verdict(outcome.pass)} |`,
    )
  }
  return lines
}

function scriptsSection(scripts: ScriptWeight[] | { error: string }): string[] {
  const lines = [
    '## Storefront JavaScript per first load',
    '',
    `Every script response until network idle, gzip-compressed here. Target: < ${kb(JS_BUDGET_GZIP_BYTES)} ` +
      'gzip per page, no `admin-app` chunk.',
    '',
  ]
  if ('error' in scripts) return [...lines, `**ERROR**: ${oneLine(scripts.error)}`]
  lines.push('| page | scripts | raw | gzip | admin chunk | result |', '|---|---:|---:|---:|---|---|')
  for (const result of scripts) {
    lines.push(
      `| \`${result.page.path}\` | ${result.scripts.length} | ${kb(result.bytes)} | ${kb(result.gzipBytes)} | ` +
        `${result.adminChunk ? '**loaded**' : 'no'} | ${verdict(result.pass)} |`,
    )
  }
  const largest = scripts
    .flatMap((result) => result.scripts)
    .filter((script, index, all) => all.findIndex((other) => other.url === script.url) === index)
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, 5)
  lines.push('', 'Largest scripts (gzip):', '')
  for (const script of largest) lines.push(`- \`${new URL(script.url).pathname}\`: ${kb(script.gzipBytes)}`)
  return lines
}

function lighthouseSection(results: LighthouseResult[] | { error: string }): string[] {
  const targets = LIGHTHOUSE_CATEGORIES.map((id) => LIGHTHOUSE_TARGETS[id]).join('/')
  const lines = ['## Lighthouse (mobile, default configuration)', '', `Targets: ${targets}.`, '']
  if ('error' in results) return [...lines, `**ERROR**: ${oneLine(results.error)}`]
  lines.push(
    `| page | ${LIGHTHOUSE_CATEGORIES.join(' | ')} | result |`,
    `|---|${LIGHTHOUSE_CATEGORIES.map(() => '---:').join('|')}|---|`,
  )
  for (const result of results) {
    const cells = LIGHTHOUSE_CATEGORIES.map((id) =>
      result.scores[id] >= LIGHTHOUSE_TARGETS[id] ? String(result.scores[id]) : `**${result.scores[id]}**`,
    )
    lines.push(`| \`${result.page.path}\` | ${cells.join(' | ')} | ${verdict(result.pass)} |`)
  }
  lines.push('', 'Performance metrics, and diagnostics scoring under 0.9:', '')
  for (const result of results) {
    const metrics = result.metrics.map((metric) => `${metric.title} ${metric.value}`).join(', ')
    lines.push(`- \`${result.page.path}\`: ${metrics} (benchmarkIndex ${Math.round(result.benchmarkIndex)})`)
    for (const diagnostic of result.diagnostics) lines.push(`  - ${diagnostic}`)
  }
  lines.push('', 'Failing audits (score < 1) in accessibility, best practices and SEO:', '')
  const failing = results.flatMap((result) => result.failingAudits.map((audit) => ({ ...audit, result })))
  if (!failing.length) lines.push('- none')
  const byAudit = new Map<string, typeof failing>()
  for (const audit of failing) byAudit.set(audit.id, [...(byAudit.get(audit.id) ?? []), audit])
  for (const [id, audits] of byAudit) {
    const pagesList = audits.map((audit) => `\`${audit.result.page.path}\``).join(', ')
    lines.push(`- ${audits[0]!.category}: ${audits[0]!.title} (\`${id}\`) on ${pagesList}`)
    const seen = new Set(audits.flatMap((audit) => audit.examples))
    for (const example of [...seen].slice(0, 3)) lines.push(`  - \`${example.replaceAll('`', "'")}\``)
  }
  return lines
}

const oneLine = (text: string) => text.split('\n')[0]!.replaceAll('|', '\\|')

export function renderMarkdown(report: Report): string {
  const { machine } = report
  const lines = [
    '# Benchmarks',
    '',
    'Produced by `npm run bench` (scripts/bench); overwritten by each run. Budgets: DESIGN.md §6.',
    '',
    `- Date: ${report.date.toISOString()}`,
    `- CPU: ${machine.cpu}, ${machine.cores} cores; memory ${machine.memoryGiB} GiB; load average ` +
      `${machine.loadAverage.toFixed(2)} at the start`,
    `- Node ${machine.node}`,
    `- PostgreSQL: ${machine.postgres}`,
    '',
  ]
  if (report.catalog) lines.push(...catalogSection(report.catalog), '')
  if (report.scripts) lines.push(...scriptsSection(report.scripts), '')
  if (report.lighthouse) lines.push(...lighthouseSection(report.lighthouse), '')
  lines.push(...METHOD)
  return `${lines.join('\n')}\n`
}

const METHOD = [
  '## Method',
  '',
  'Each part runs the production build (`node dist/server/main.js`, from a private copy of `dist/` taken ' +
    'at the start so that a rebuild during the run cannot change what is measured) as a child process on ' +
    'a free port of 127.0.0.1 with a temporary `DATA_DIR`. The catalogue part starts an empty shop ' +
    '(`SEED_DEMO=false`) once on PGlite and once on a fresh PostgreSQL database created for the run and ' +
    `dropped after, creates ${PRODUCT_COUNT} products through the admin API, takes the exact bytes of ` +
    '`GET /api/products`, and serves those bytes from a bare `node:http` server in another child process. ' +
    'autocannon runs in the bench process without `accept-encoding` (both servers answer the same ' +
    'uncompressed bytes) and loads one server at a time, so on two cores the server under load and the ' +
    'load generator each have a core; the two servers alternate in 2 s slices (ABBA) so that other work ' +
    'on the machine weighs on both alike. The ratio compares the two servers in the same run, which makes ' +
    'it a property of the app rather than of the machine; latencies have 1 ms resolution. The browser parts use a demo-seeded PGlite shop: Playwright drives Debian Chromium in a ' +
    'fresh context per page (a first visit) and gzips every distinct script body itself; Lighthouse runs ' +
    'its default mobile configuration (simulated throttling) through chrome-launcher on the same ' +
    'Chromium, after one discarded run that warms the browser and the server. One run, no repetitions: ' +
    'expect some noise on the throughput figures and a few points on Lighthouse performance, more when ' +
    'the machine is busy (a low benchmarkIndex shows it).',
]

/** The same numbers, compact, for the terminal. */
export function renderSummary(report: Report): string {
  const lines: string[] = ['', 'Summary']
  for (const outcome of report.catalog ?? []) {
    if ('error' in outcome) lines.push(`  catalogue ${outcome.database}: ERROR ${oneLine(outcome.error)}`)
    else
      lines.push(
        `  catalogue ${outcome.database}: app ${int(outcome.app.requestsPerSecond)} req/s, bare ` +
          `${int(outcome.bare.requestsPerSecond)} req/s, ratio ${outcome.ratio.toFixed(3)}, p50 ` +
          `${ms(outcome.app.p50Ms)}, p99 ${ms(outcome.app.p99Ms)}: ${outcome.pass ? 'pass' : 'FAIL'}`,
      )
  }
  if (report.scripts && 'error' in report.scripts)
    lines.push(`  scripts: ERROR ${oneLine(report.scripts.error)}`)
  else
    for (const result of report.scripts ?? [])
      lines.push(
        `  scripts ${result.page.path}: ${kb(result.gzipBytes)} gzip in ${result.scripts.length} files` +
          `${result.adminChunk ? ', ADMIN CHUNK' : ''}: ${result.pass ? 'pass' : 'FAIL'}`,
      )
  if (report.lighthouse && 'error' in report.lighthouse)
    lines.push(`  lighthouse: ERROR ${oneLine(report.lighthouse.error)}`)
  else
    for (const result of report.lighthouse ?? []) {
      const scores = LIGHTHOUSE_CATEGORIES.map((id) => result.scores[id]).join('/')
      lines.push(`  lighthouse ${result.page.path}: ${scores}: ${result.pass ? 'pass' : 'FAIL'}`)
      for (const audit of result.failingAudits) lines.push(`    failing (${audit.category}): ${audit.title}`)
    }
  return lines.join('\n')
}
