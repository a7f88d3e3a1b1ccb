import os from 'node:os'
import pg from 'pg'
import { ADMIN_PLAN, ADMIN_TARGETS, type AdminOutcome } from './admin'
import { ADMIN_PAGES_PLAN, ADMIN_PAGES_TARGET_MS, type AdminPagesOutcome } from './admin-pages'
import { type CampaignBenchOutcome, campaignSection, campaignSummary } from './campaign'
import { CATALOG_TARGETS, type CatalogOutcome, PRODUCT_COUNT } from './catalog'
import { CHECKOUT_PLAN, CHECKOUT_TARGETS, type CheckoutOutcome, type ThroughputRun } from './checkout'
import { IMPORT_PLAN, IMPORT_SIZES, IMPORT_TARGETS, type ImportOutcome } from './import'
import { importMemorySection, importMemorySummary } from './import-memory'
import { INQUIRY_PLAN, INQUIRY_TARGETS, type InquiryBenchOutcome } from './inquiries'
import { LIGHTHOUSE_CATEGORIES, LIGHTHOUSE_TARGETS, type LighthouseResult } from './lighthouse'
import { LOAD_PLAN } from './load'
import { EXTRA_PIECES, PAGES_PLAN, PAGES_TARGETS, type PagesOutcome } from './pages'
import { type LoopDelay, SIGNIN_PLAN, SIGNIN_TARGETS, type SigninOutcome } from './signin'
import { SOAK_PLAN, SOAK_TARGETS, type SoakOutcome } from './soak'
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
  checkout?: CheckoutOutcome
  signin?: SigninOutcome
  admin?: AdminOutcome
  import?: ImportOutcome
  inquiries?: InquiryBenchOutcome
  campaign?: CampaignBenchOutcome
  pages?: PagesOutcome
  adminPages?: AdminPagesOutcome
  soak?: SoakOutcome
}

function adminPagesSection(outcome: AdminPagesOutcome): string[] {
  const lines = [
    '## Back-office cold loads',
    '',
    `A signed-in owner opens each screen in a fresh browser context (an empty cache) of Debian Chromium, on the demo-seeded PGlite shop; the time runs from navigation start to the frame that paints the screen's data (its h1, no skeleton, nothing marked busy: a MutationObserver installed before the first byte sees the DOM become so, and the next animation frame's timestamp is when it reaches the screen), median and worst of ${ADMIN_PAGES_PLAN.samples} loads after one discarded. The screen is drawn on the server with its first data (\`admin/first-screen.ts\`), so its HTML shows it before the back office's code has loaded; the head names that code, the shell's and the screen's own chunk (\`http/module-preloads.ts\`), for hydration. Target: data on screen in under ${ADMIN_PAGES_TARGET_MS} ms.`,
    '',
  ]
  if ('error' in outcome) return [...lines, `**ERROR**: ${oneLine(outcome.error)}`]
  lines.push('| screen | median | worst | result |', '|---|---:|---:|---|')
  for (const screen of outcome.screens)
    lines.push(
      `| \`${screen.path}\` | ${screen.medianMs} ms | ${screen.worstMs} ms | ${verdict(screen.pass)} |`,
    )
  return lines
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
const perOrder = (seconds: number, orders: number) => `${((seconds * 1000) / orders).toFixed(2)}`
const tally = (counts: Record<string, number>) =>
  Object.keys(counts).length
    ? Object.entries(counts)
        .map(([status, count]) => `${count} × ${status}`)
        .join(', ')
    : '0'

function checkoutRow(label: string, run: ThroughputRun, verdictCell: string): string {
  const orders = run.pieces - Object.values(run.failures).reduce((sum, count) => sum + count, 0)
  const cpu = run.cpu
    ? `${perOrder(run.cpu.appS, orders)} (${perOrder(run.cpu.appMainThreadS, orders)}) / ` +
      `${perOrder(run.cpu.postgresS, orders)} / ` +
      `${perOrder(run.cpu.benchS, orders)}`
    : ''
  const percent = (share: number | undefined) => (share === undefined ? '?' : `${Math.round(share * 100)} %`)
  const busy = `${percent(run.machineBusyBefore)} / ${percent(run.machineBusy)}`
  return (
    `| ${label} | ${run.inFlight} | ${int(orders)} | ${run.seconds.toFixed(2)} s | ` +
    `${int(run.ordersPerSecond)} | ${ms(run.p50Ms)} | ${ms(run.p99Ms)} | ${ms(run.maxMs)} | ` +
    `${tally(run.failures)} | ${int(run.mailBacklog)}, ${run.mailDrainS.toFixed(1)} s | ${cpu} | ` +
    `${run.appMainThreadCores === undefined ? '?' : run.appMainThreadCores.toFixed(2)} | ${busy} | ` +
    `${verdictCell} |`
  )
}

function inquiriesSection(outcome: InquiryBenchOutcome): string[] {
  const lines = [
    '## Inquiry inbox: `GET /api/inquiries?search=`',
    '',
    'A fresh PostgreSQL database with 10,000 inquiries; the signed-in owner searches in turn for a common ' +
      'word (a fifth of the rows), an address, a name and text that matches nothing (first page of 50 with the tab counts), ' +
      `with ${INQUIRY_PLAN.connections.join(', then ')} connections, each ${INQUIRY_PLAN.measuredS} s after a ` +
      `${INQUIRY_PLAN.warmupS} s warm-up. Target: p99 < ${INQUIRY_TARGETS.maxP99Ms} ms.`,
    '',
  ]
  if ('error' in outcome) return [...lines, '```', outcome.error, '```']
  return [
    ...lines,
    '| rows | connections | req/s | p50 | p99 | errors | result |',
    '|---:|---:|---:|---:|---:|---:|---|',
    ...outcome.runs.map(
      (run) =>
        `| ${int(outcome.rows)} | ${run.connections} | ${int(run.requestsPerSecond)} | ${ms(run.p50Ms)} | ${ms(run.p99Ms)} | ${run.failures} | ${verdict(run.pass)} |`,
    ),
  ]
}

function pagesSection(outcome: PagesOutcome): string[] {
  const lines = [
    '## Storefront pages: anonymous visitors at scale',
    '',
    `A fresh PostgreSQL database with the demo catalogue and ${int(EXTRA_PIECES)} more pieces; each page as ` +
      `a visitor without a session gets it (the page cache), against a bare \`node:http\` server sending ` +
      `the same bytes, ${PAGES_PLAN.connections} connections, ${LOAD_PLAN.measuredS} s each in ` +
      `${LOAD_PLAN.slices} alternating slices after a ${LOAD_PLAN.warmupS} s warm-up. "Miss" is the time to ` +
      `the last byte of a first render just after a catalogue change (median and worst of ` +
      `${PAGES_PLAN.missSamples}). Targets: app/bare >= ${PAGES_TARGETS.minRatio}, p99 < ` +
      `${PAGES_TARGETS.maxP99Ms} ms, no errors, miss < ${PAGES_TARGETS.maxMissMs} ms, \`/products\` at most ` +
      `${kb(PAGES_TARGETS.maxListingBytes)} of HTML.`,
    '',
  ]
  if ('error' in outcome) return [...lines, '```', outcome.error, '```']
  return [
    ...lines,
    '| page | HTML | gzip | app req/s | bare req/s | app/bare | app p50 | app p99 | app worst p99 | miss (median / worst) | errors | result |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...outcome.pages.map(
      (page) =>
        `| \`${page.path}\` | ${kb(page.bodyBytes)} | ${kb(page.gzipBytes)} | ${int(page.app.requestsPerSecond)} | ` +
        `${int(page.bare.requestsPerSecond)} | ${page.ratio.toFixed(3)} | ${ms(page.app.p50Ms)} | ` +
        `${ms(page.app.p99Ms)} | ${ms(page.app.worstP99Ms)} | ${ms(page.missMedianMs)} / ${ms(page.missWorstMs)} | ` +
        `${page.app.failures} | ${verdict(page.pass)} |`,
    ),
  ]
}

function checkoutSection(outcome: CheckoutOutcome): string[] {
  const plan = CHECKOUT_PLAN
  const lines = [
    '## Checkout: Zelle orders on PostgreSQL',
    '',
    `${int(plan.pieces)} distinct pieces bought once each, ${plan.inFlight} checkouts in flight, after ` +
      `${plan.warmupPieces} warm-up orders; orders/s is 200 answers over wall time, latencies are autocannon's ` +
      `percentiles (1 ms resolution) over every request. The ${plan.probeInFlight}-in-flight run buys ${int(plan.probePieces)} ` +
      `other pieces, for comparison only; the last run buys ${int(plan.codePieces)} more at ${plan.inFlight} in flight, ` +
      `every order under one shared ${plan.codePercent} % discount code (issue 25), also for comparison; ` +
      `then ${int(plan.taxPieces)} more at ${plan.inFlight} in flight with Texas sales tax collected from a Houston ` +
      'origin and the shipped Texas table applied (issue 34), beside the measured run with tax off. ' +
      `Target: >= ${int(CHECKOUT_TARGETS.minOrdersPerSecond)} orders/s ` +
      'with no answer other than 200.',
    '',
  ]
  if ('error' in outcome) return [...lines, `**ERROR**: ${oneLine(outcome.error)}`]
  const { run, probe, withCode, withTax } = outcome
  const runPass =
    run.ordersPerSecond >= CHECKOUT_TARGETS.minOrdersPerSecond && !Object.keys(run.failures).length
  lines.push(
    '| run | in flight | orders | wall time | orders/s | p50 | p99 | max | non-200 | e-mails queued at the end, drained in | CPU ms per order: app (its main thread) / PostgreSQL / bench | app main thread busy (cores) | machine busy before / during | result |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    checkoutRow('measured', run, verdict(runPass)),
    checkoutRow('comparison', probe, Object.keys(probe.failures).length ? '**FAIL**' : 'no target'),
    ...(withCode
      ? [
          checkoutRow(
            'with a shared code',
            withCode,
            Object.keys(withCode.failures).length ? '**FAIL**' : 'no target',
          ),
        ]
      : []),
    ...(withTax
      ? [
          checkoutRow(
            'with sales tax on',
            withTax,
            Object.keys(withTax.failures).length
              ? '**FAIL**'
              : `${Math.round((withTax.ordersPerSecond / run.ordersPerSecond) * 100)} % of tax off`,
          ),
        ]
      : []),
    '',
    `PostgreSQL: ${outcome.postgresSettings}. Products created beforehand through the admin API: ` +
      `${int(outcome.productsCreated)} (${int(outcome.productsPerSecond)}/s, 20 at a time). Orders in the ` +
      `database at the end: ${int(outcome.ordersInDatabase)}, 200 answers received: ` +
      `${int(outcome.ordersAnswered)} (${verdict(outcome.ordersInDatabase === outcome.ordersAnswered)}).`,
    '',
    `### Contention: ${plan.contenders} simultaneous checkouts of one piece`,
    '',
    'Every checkout on its own connection, all sent at once. A clean 409 carries a JSON `message`. ' +
      'Target: exactly as many orders as the stock, every other answer a clean 409, nothing else.',
    '',
    '| stock | orders (200) | clean 409 | other answers | order lines in the database | stock left, status | slowest answer | result |',
    '|---:|---:|---:|---:|---:|---|---:|---|',
  )
  for (const result of outcome.contention) {
    lines.push(
      `| ${result.stock} | ${result.orders} | ${result.conflicts} | ${tally(result.other)} | ` +
        `${result.orderLinesInDatabase} | ${result.stockLeft}, ${result.statusAfter} | ${ms(result.maxMs)} | ` +
        `${verdict(result.pass)} |`,
    )
  }
  return lines
}

const cores = (value: number) => `${value.toFixed(2)} cores`
const loopRow = (label: string, loop: LoopDelay) =>
  `| ${label} | ${ms(loop.p99Ms)} | ${ms(loop.maxMs)} | ${ms(loop.timerP99Ms)} | ` +
  `${cores(loop.mainThreadCores)} | ${cores(loop.processCores)} | ${Math.round(loop.machineBusy * 100)} % |`

function signinSection(outcome: SigninOutcome): string[] {
  const lines = ['## Sign-in: argon2id', '']
  if ('error' in outcome) return [...lines, `**ERROR**: ${oneLine(outcome.error)}`]
  const { http } = outcome
  const percent = (share: number) => `${Math.round(share * 100)} %`
  lines.push(
    `Parameters read back from a fresh hash: ${outcome.parameters}; libuv thread pool: ` +
      `${outcome.threadPool} threads; ${SIGNIN_PLAN.concurrency} operations in flight. Target: >= ` +
      `${SIGNIN_TARGETS.minLoginsPerSecond} logins/s, argon2 off the main thread. The first row is the ` +
      "budget's measure (verifications/s stands for logins/s); the last row is whole logins through the " +
      'app, which also pay for HTTP, the rate limit, the session and PostgreSQL.',
    '',
    '| measured | per second | count | p50 | p99 | CPU per operation | non-200 | machine busy before / during | result |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    `| \`verifyPassword\` in the bench process, ${SIGNIN_PLAN.verifyS} s | ` +
      `${int(outcome.verificationsPerSecond)} | ${int(outcome.verifications)} | ${ms(outcome.p50Ms)} | ` +
      `${ms(outcome.p99Ms)} | ${ms(outcome.cpuMsPerVerification)} | | ${percent(outcome.idle.machineBusy)} / ` +
      `${percent(outcome.loaded.machineBusy)} | ${verdict(outcome.pass)} |`,
    `| \`hashPassword\` (registrations), ${SIGNIN_PLAN.hashS} s | ${int(outcome.hashesPerSecond)} | | | | | | | no target |`,
  )
  if ('error' in http) lines.push(`| \`POST /api/login\` | | | | | | | | **ERROR**: ${oneLine(http.error)} |`)
  else
    lines.push(
      `| \`POST /api/login\` through the app (PostgreSQL), ${SIGNIN_PLAN.loginS} s | ` +
        `${int(http.loginsPerSecond)} | ${int(http.logins)} | ${ms(http.p50Ms)} | ${ms(http.p99Ms)} | ` +
        `${ms(http.appCpuMs)} server (${ms(http.mainThreadCpuMs)} on its main thread) + ` +
        `${ms(http.postgresCpuMs)} PostgreSQL | ${tally(http.failures)} | ${percent(http.machineBusyBefore)} / ` +
        `${percent(http.machineBusy)} | ${verdict(http.pass)} |`,
    )
  lines.push(
    '',
    `One verification costs ${ms(outcome.cpuMsPerVerification)} of CPU, so ${outcome.cores} cores given ` +
      `wholly to it would do at most ${int((outcome.cores * 1000) / outcome.cpuMsPerVerification)}/s.`,
  )
  if (!('error' in http))
    lines.push(
      `A login costs ${ms(http.appCpuMs + http.postgresCpuMs)} of CPU in the server and PostgreSQL: at ` +
        `most ${int((outcome.cores * 1000) / (http.appCpuMs + http.postgresCpuMs))}/s on ${outcome.cores} ` +
        `cores, before the load generator's ${ms(http.benchCpuMs)} per login. One at a time, a login takes ${ms(http.sequentialMs)} (median of ` +
        `${SIGNIN_PLAN.sequentialLogins}) against ${ms(http.verifyMs)} for a lone verification.`,
    )
  lines.push(
    '',
    "The bench process's main thread while it verifies (`monitorEventLoopDelay` at 1 ms resolution, a " +
      'live 1 ms `setInterval`, CPU time per thread from `/proc`):',
    '',
    '| | loop delay p99 | loop delay max | 1 ms timer lateness p99 | main thread CPU | whole process CPU | machine busy |',
    '|---|---:|---:|---:|---:|---:|---:|',
    loopRow('idle, 2 s', outcome.idle),
    loopRow(`${SIGNIN_PLAN.concurrency} verifications in flight`, outcome.loaded),
  )
  return lines
}

function adminSection(outcome: AdminOutcome): string[] {
  const lines = [
    '## Back-office lists on PostgreSQL',
    '',
    `Rows written straight into a fresh PostgreSQL database, then each request loaded by autocannon with the ` +
      `administrator's session cookie, ${ADMIN_PLAN.connections} connections, ${ADMIN_PLAN.measuredS} s after a ` +
      `${ADMIN_PLAN.warmupS} s warm-up. Target: p99 < ${ADMIN_TARGETS.maxP99Ms} ms with no failure (an invoice PDF, built per request: 200 ms).`,
    '',
  ]
  if ('error' in outcome) return [...lines, '```', outcome.error, '```']
  lines.push(
    '| list | rows | request | matches | req/s | p50 | p99 | failures | result |',
    '|---|---:|---|---:|---:|---:|---:|---:|---|',
  )
  for (const result of outcome)
    lines.push(
      `| ${result.scenario} | ${result.rows} | ${result.request} (\`${result.path}\`) | ` +
        `${result.total === undefined ? '' : int(result.total)} | ${int(result.requestsPerSecond)} | ` +
        `${ms(result.p50Ms)} | ${ms(result.p99Ms)} | ${result.failures} | ${verdict(result.pass)} |`,
    )
  return lines
}

function importSection(outcome: ImportOutcome): string[] {
  const sizes = IMPORT_SIZES.map((rows) => rows.toLocaleString('en-US')).join(', ')
  const lines = [
    '## Catalogue import and product feeds on PostgreSQL',
    '',
    `CSVs of ${sizes} rows in the shop's own export format and in Shopify's product CSV, each imported into a ` +
      'fresh PostgreSQL shop through the HTTP API as the back office does it: the dry run (`POST /api/admin/products/imports`), ' +
      `the go-ahead, then progress polled every ${IMPORT_PLAN.pollEveryMs} ms until the job is done; a file takes at most ` +
      '5,000 rows, so 10,000 go as two files one after the other. rows/s counts the CSV rows over the dry run and the job. ' +
      `Memory is the server process's VmRSS from \`/proc/<pid>/status\`, sampled every ${IMPORT_PLAN.sampleEveryMs} ms ` +
      '(before: just before the first file is sent; peak: the highest sample until the last job ends); VmHWM is the ' +
      "process's all-time peak at the end. Then the largest Shopify import again, on a fresh shop whose server runs " +
      `with its heap capped (\`--max-old-space-size=${IMPORT_TARGETS.heapCapMb}\`). Target: the capped server imports it, ` +
      `at ${Math.round(IMPORT_TARGETS.minCappedShare * 100)} % or more of the uncapped rate. An import that kept its rows ` +
      'in memory would run out of heap there, or spend its time collecting; the resident sets uncapped show how far ' +
      'V8 lets garbage wait when it may (decision 017), and are not the target. Then, with the 2,000 pieces of the ' +
      'shop-format 2,000-row file for sale (the other files ' +
      'are drafts), both feeds are turned on and fetched: cold (built from the database) and cached (median of ' +
      `${IMPORT_PLAN.cachedFetches}), uncompressed.`,
    '',
  ]
  if ('error' in outcome) return [...lines, '```', outcome.error, '```']
  const mb = (value: number) => `${value.toFixed(1)} MB`
  lines.push(
    `Load average (1 min) ${outcome.loadAverageStart.toFixed(2)} when the part started and ${outcome.loadAverageEnd.toFixed(2)} when it ended: ` +
      'the machine is shared, so rows/s and times are low; the capped and uncapped Shopify imports run one after the other.',
    '',
    '| format | rows | products | files | dry run | job | rows/s | RSS before | peak RSS |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  )
  for (const format of outcome.formats)
    for (const run of format.runs)
      lines.push(
        `| ${format.format === 'jade' ? 'Jade Shop' : 'Shopify'} | ${int(run.rows)} | ${int(run.products)} | ${run.files} | ` +
          `${run.dryRunS.toFixed(1)} s | ${run.importS.toFixed(1)} s | ${int(run.rowsPerSecond)} | ${mb(run.rssBeforeMb)} | ${mb(run.peakRssMb)} |`,
      )
  lines.push(
    '',
    '| format | RSS idle | 100-row peak | 10,000-row peak | growth | VmHWM |',
    '|---|---:|---:|---:|---:|---:|',
  )
  for (const format of outcome.formats)
    lines.push(
      `| ${format.format === 'jade' ? 'Jade Shop' : 'Shopify'} | ${mb(format.idleRssMb)} | ${mb(format.runs[0]!.peakRssMb)} | ` +
        `${mb(format.runs.at(-1)!.peakRssMb)} | ${(format.peakGrowth * 100).toFixed(1)} % | ${mb(format.hwmMb)} |`,
    )
  const { capped } = outcome
  lines.push(
    '',
    '| Shopify, heap capped | rows | dry run | job | rows/s | uncapped rows/s | share | peak RSS | VmHWM | result |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    `| ${capped.heapCapMb} MB | ${int(capped.run.rows)} | ${capped.run.dryRunS.toFixed(1)} s | ${capped.run.importS.toFixed(1)} s | ` +
      `${int(capped.run.rowsPerSecond)} | ${int(capped.uncappedRowsPerSecond)} | ${Math.round(capped.share * 100)} % | ` +
      `${mb(capped.run.peakRssMb)} | ${mb(capped.hwmMb)} | ${verdict(capped.pass)} |`,
  )
  lines.push(
    '',
    '| feed | pieces | size | cold | cached (median) | peak RSS while built |',
    '|---|---:|---:|---:|---:|---:|',
  )
  for (const feed of outcome.feeds)
    lines.push(
      `| \`${feed.path}\` | ${int(feed.items)} | ${kb(feed.bytes)} | ${ms(feed.coldMs)} | ${ms(feed.cachedMedianMs)} | ${mb(feed.peakRssMb)} |`,
    )
  lines.push('', ...importMemorySection(outcome.memory))
  return lines
}

function soakSection(outcome: SoakOutcome): string[] {
  const lines = [
    '## Soak: mixed traffic on PostgreSQL',
    '',
    `An empty shop on a fresh PostgreSQL database with ${SOAK_PLAN.pieces} pieces (${SOAK_PLAN.stock} of each) and ` +
      `${SOAK_PLAN.shoppers} registered shoppers, every page visited once, then ${'minutes' in outcome ? outcome.minutes : SOAK_PLAN.minutes} min of ` +
      'shopper actions started at a steady rate whatever the answers do (open loop): product, listing and home pages, the ' +
      'products, product and categories APIs, a guest cart add read back, a Zelle checkout and a sign-in (Method). ' +
      `Targets: no error, every order answered 200 in the database once, resident memory growing less than ${SOAK_TARGETS.maxRssSlopeMbPerMinute} MB a minute ` +
      `after the first ${SOAK_PLAN.warmupMinutes} min (least squares over a sample every ${SOAK_PLAN.rssEveryS} s), and the last minute's p99 ` +
      `within ${SOAK_TARGETS.maxP99Drift}× the steady minutes' median p99 (+5 ms). The machine's two cores are shared with other work: its busy share and load average are given per minute.`,
    '',
  ]
  if ('error' in outcome) return [...lines, `**ERROR**: ${oneLine(outcome.error)}`]
  const mb = (value: number) => `${value.toFixed(1)} MB`
  lines.push(
    '| actions/s | requests | late starts | p99 | errors | orders answered 200 | orders in the database | RSS start | after warm-up | end | slope | result |',
    '|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---|',
    `| ${outcome.actionsPerSecond} | ${int(outcome.requests)} | ${outcome.lateStarts} | ${ms(outcome.p99Ms)} | ` +
      `${tally(outcome.errors)} | ${int(outcome.checkoutsAnswered200)} | ${int(outcome.ordersInDatabase)} | ` +
      `${mb(outcome.rssStartMb)} | ${mb(outcome.rssAfterWarmupMb)} | ${mb(outcome.rssEndMb)} | ` +
      `${outcome.rssSlopeMbPerMinute.toFixed(2)} MB/min | ${verdict(outcome.pass)} |`,
    '',
    '| minute | requests | p50 | p99 | errors | RSS | machine busy | load average |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
  )
  for (const minute of outcome.minutesTable)
    lines.push(
      `| ${minute.minute} | ${int(minute.requests)} | ${ms(minute.p50Ms)} | ${ms(minute.p99Ms)} | ${minute.errors} | ` +
        `${mb(minute.rssMb)} | ${Math.round(minute.machineBusy * 100)} % | ${minute.loadAverage.toFixed(2)} |`,
    )
  lines.push(
    '',
    `Requests by action: ${Object.entries(outcome.requestsByAction)
      .sort(([, a], [, b]) => b - a)
      .map(([action, count]) => `${action} ${int(count)}`)
      .join(', ')}.`,
  )
  return lines
}

/** The parts of BENCHMARKS.md, in order, each with the start of its heading. */
const SECTIONS = [
  { part: 'catalog', heading: '## Catalogue throughput' },
  { part: 'checkout', heading: '## Checkout' },
  { part: 'signin', heading: '## Sign-in' },
  { part: 'admin', heading: '## Back-office lists' },
  { part: 'import', heading: '## Catalogue import' },
  { part: 'inquiries', heading: '## Inquiry inbox' },
  { part: 'campaign', heading: '## Newsletter campaign' },
  { part: 'pages', heading: '## Storefront pages' },
  { part: 'soak', heading: '## Soak' },
  { part: 'adminPages', heading: '## Back-office cold loads' },
  { part: 'scripts', heading: '## Storefront JavaScript' },
  { part: 'lighthouse', heading: '## Lighthouse' },
] as const
type SectionPart = (typeof SECTIONS)[number]['part']

const CARRIED = /^_Not measured in this run: carried over from the run of (\S+)\._$/

/**
 * The sections of an earlier BENCHMARKS.md, so that `--only=` refreshes its parts and keeps the
 * others, each marked with the date it was measured.
 */
function previousSections(markdown: string): Map<SectionPart, string[]> {
  const runDate = /^- Date: (\S+)/m.exec(markdown)?.[1] ?? 'unknown date'
  const sections = new Map<SectionPart, string[]>()
  let current: string[] | undefined
  for (const line of markdown.split('\n')) {
    if (line.startsWith('## ')) {
      const part = SECTIONS.find((section) => line.startsWith(section.heading))?.part
      current = part ? [line] : undefined
      if (part && current) sections.set(part, current)
    } else current?.push(line)
  }
  for (const [part, lines] of sections) {
    while (lines.at(-1) === '') lines.pop()
    // Line 0 is the heading, line 1 blank, line 2 the carried-over note if there is one.
    const carriedDate = CARRIED.exec(lines[2] ?? '')?.[1]
    if (carriedDate) lines.splice(1, 2)
    lines.splice(
      1,
      0,
      '',
      `_Not measured in this run: carried over from the run of ${carriedDate ?? runDate}._`,
    )
    sections.set(part, lines)
  }
  return sections
}

function freshSection(report: Report, part: SectionPart): string[] | undefined {
  switch (part) {
    case 'catalog':
      return report.catalog && catalogSection(report.catalog)
    case 'checkout':
      return report.checkout && checkoutSection(report.checkout)
    case 'signin':
      return report.signin && signinSection(report.signin)
    case 'admin':
      return report.admin && adminSection(report.admin)
    case 'import':
      return report.import && importSection(report.import)
    case 'inquiries':
      return report.inquiries && inquiriesSection(report.inquiries)
    case 'campaign':
      return report.campaign && campaignSection(report.campaign)
    case 'pages':
      return report.pages && pagesSection(report.pages)
    case 'adminPages':
      return report.adminPages && adminPagesSection(report.adminPages)
    case 'soak':
      return report.soak && soakSection(report.soak)
    case 'scripts':
      return report.scripts && scriptsSection(report.scripts)
    case 'lighthouse':
      return report.lighthouse && lighthouseSection(report.lighthouse)
  }
}

/** BENCHMARKS.md: this run's parts, and an earlier file's sections for the parts not run now. */
export function renderMarkdown(report: Report, previous = ''): string {
  const { machine } = report
  const carried = previousSections(previous)
  const measured = SECTIONS.filter(({ part }) => freshSection(report, part)).map(({ part }) => part)
  const lines = [
    '# Benchmarks',
    '',
    'Produced by `npm run bench` (scripts/bench). A run replaces the sections of the parts it measures ' +
      '(`--only=` selects some) and keeps the others. Budgets: DESIGN.md §6.',
    '',
    `- Date: ${report.date.toISOString()} (parts measured: ${measured.join(', ') || 'none'})`,
    `- CPU: ${machine.cpu}, ${machine.cores} cores; memory ${machine.memoryGiB} GiB; load average ` +
      `${machine.loadAverage.toFixed(2)} at the start`,
    `- Node ${machine.node}`,
    `- PostgreSQL: ${machine.postgres}`,
    '',
  ]
  for (const { part } of SECTIONS) {
    const section = freshSection(report, part) ?? carried.get(part)
    if (section) lines.push(...section, '')
  }
  lines.push(...METHOD)
  return `${lines.join('\n')}\n`
}

const METHOD = [
  '## Method',
  '',
  'Figures move from machine to machine and hour to hour: a change that must cost nothing is compared ' +
    'with the commit before it, back to back in one window, in docs/bench-comparisons.md.',
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
  '',
  'The checkout part starts an empty shop on a fresh PostgreSQL database, creates its pieces through the ' +
    'admin API, and buys each piece once with a Zelle checkout (`POST /api/checkout`, no session, an ' +
    'idempotency key per order as the storefront sends) with autocannon in the bench process, each ' +
    'keep-alive connection sending its next order when the last is answered: a fixed amount of work ' +
    'rather than a fixed duration, because every order uses up its piece. Each order also queues two ' +
    "e-mails ({ orderId } in the outbox), which the server's mail worker writes from the order to " +
    '`DATA_DIR/mail`, as in production: while the shop takes more than 200 requests a second the worker ' +
    'yields to shoppers, one batch of 25 every 250 ms, and sends the backlog once the rush is over. After ' +
    'the last answer the bench waits for the ' +
    "outbox to empty, so no run pays for an earlier one's e-mails. The CPU columns come from `/proc`: the " +
    'server process, the PostgreSQL backends connected to the scratch database, and the bench process (the ' +
    'load generator), from the first request until the e-mails are sent, each divided by the orders; ' +
    '"machine busy" is the share of both cores in use while the requests ran, other work on the machine ' +
    'included. Two cores are shared by all three, so the sum of their CPU per order bounds ' +
    'the throughput the machine can reach. The contention runs then create one piece with stock 1 (and one ' +
    'with stock 3) and send 200 checkouts for it on 200 connections at once, and read the order lines and ' +
    'stock left back from PostgreSQL.',
  '',
  "The sign-in part first calls the app's own `verifyPassword` (argon2id through @node-rs/argon2, which " +
    `runs on libuv's thread pool) in the bench process, ${SIGNIN_PLAN.concurrency} in flight, and reports ` +
    "verifications/s as logins/s. Argon2 is off the main thread if the main thread's own CPU stays near " +
    'its idle value while the process as a whole uses the cores; the loop delay shows how long a request ' +
    'would wait meanwhile. It then starts the production server on a fresh PostgreSQL database, registers ' +
    `${SIGNIN_PLAN.shoppers} shoppers and signs them in through \`POST /api/login\`, ` +
    `${SIGNIN_PLAN.concurrency} at a time. That route allows 10 attempts per 5 ` +
    'minutes per client address and 10 per 15 minutes per username, and the bench does not switch the ' +
    `limits off: the shoppers take turns, each signing in at most ${SIGNIN_PLAN.loginsPerAddress} times, ` +
    'from a loopback source address of its own (127.1.x.y; all of 127/8 reaches the server), as shoppers ' +
    'on their own machines would, over one keep-alive connection per shopper (a browser signs in over the ' +
    "connection its sign-in page came on), so both limits' PostgreSQL upserts are part of every login measured.",
  '',
  'The import part (`--only=import`) starts an empty shop on a fresh PostgreSQL database per format (the ' +
    "shop's own export format, then Shopify's product CSV), signs in as the administrator and sends each file as " +
    'the back office does (multipart `POST /api/admin/products/imports`, then the confirm, then progress polled ' +
    "until the job is done). The pictures are the shop's own `/uploads/` paths, which the import keeps as they " +
    'are, so the figures are those of the rows (parsing, the dry run, the product rules, one write per piece) and ' +
    'not of fetching or resizing pictures. PostgreSQL rather than PGlite because PGlite runs the database inside ' +
    "the server process, whose resident set would then hold the database's pages too. The sizes run in one " +
    'process from the smallest, so each peak is read against the resident set the previous import left; a ' +
    'resident set only shrinks when V8 and the allocator give memory back, so a peak that does not grow with the ' +
    'rows is what bounded memory looks like from outside. The feeds are fetched from the same shop at the end. ' +
    'The files at the upload limit go last, to a shop of their own whose server writes its GC trace to stdout ' +
    '(`--trace-gc`), which the bench reads line by line as it comes: the heap after a full collection is what ' +
    'was still reachable, which neither a resident set nor a heap peak shows.',
  '',
  'The soak (`--only=soak`, not part of a bare `npm run bench`; `SOAK_MINUTES` and `SOAK_RPS` change its ' +
    'length and rate) sends its requests with `node:http` over keep-alive connections, as a browser ' +
    'would, with `accept-encoding: gzip, br`; a cart add, a checkout, a registration and a sign-in each ' +
    'come from an X-Forwarded-For address of their own through the trusted loopback, so the per-address ' +
    'limits never refuse the bench, and the shoppers take turns signing in, inside the per-name limit. ' +
    'Each checkout buys one piece picked at random (none runs out). An action that finds ' +
    `${SOAK_PLAN.maxInFlight} on their way waits for one to end ("late starts"). Memory is the server ` +
    "process's resident set from `/proc/<pid>/status`. After the last answer the orders in the database " +
    'are counted against the checkouts answered 200.',
  '',
  'The checkout and sign-in measurements are CPU-bound and this machine is shared: before each measured ' +
    'run the bench waits up to 60 s for a second in which under 25 % of the cores are busy, and reports ' +
    'how busy the machine was.',
]

/** The same numbers, compact, for the terminal. */
export function renderSummary(report: Report): string {
  const lines: string[] = ['', 'Summary']
  if (report.adminPages && 'error' in report.adminPages)
    lines.push(`  admin cold loads: ERROR ${oneLine(report.adminPages.error)}`)
  else
    for (const screen of report.adminPages?.screens ?? [])
      lines.push(`  admin cold load ${screen.path}: ${screen.medianMs} ms (${screen.pass ? 'pass' : 'FAIL'})`)
  if (report.admin && 'error' in report.admin)
    lines.push(`  admin lists: ERROR ${oneLine(report.admin.error)}`)
  else
    for (const result of report.admin ?? [])
      lines.push(
        `  ${result.scenario}, ${result.request}: p99 ${ms(result.p99Ms)}, ${int(result.requestsPerSecond)} req/s: ` +
          `${result.pass ? 'pass' : 'FAIL'}`,
      )
  if (report.import && 'error' in report.import) lines.push(`  import: ERROR ${oneLine(report.import.error)}`)
  else if (report.import) {
    for (const format of report.import.formats)
      lines.push(
        `  import ${format.format}: ${format.runs.map((run) => `${int(run.rows)} rows ${int(run.rowsPerSecond)} rows/s peak ${run.peakRssMb.toFixed(1)} MB`).join('; ')}`,
      )
    const { capped } = report.import
    lines.push(
      `  import shopify, heap capped at ${capped.heapCapMb} MB: ${int(capped.run.rows)} rows ${int(capped.run.rowsPerSecond)} rows/s ` +
        `(${Math.round(capped.share * 100)} % of uncapped) peak ${capped.run.peakRssMb.toFixed(1)} MB: ${capped.pass ? 'pass' : 'FAIL'}`,
    )
    lines.push(importMemorySummary(report.import.memory))
    for (const feed of report.import.feeds)
      lines.push(
        `  feed ${feed.path}: ${int(feed.items)} pieces, ${kb(feed.bytes)}, cold ${ms(feed.coldMs)}, cached ${ms(feed.cachedMedianMs)}`,
      )
  }
  for (const outcome of report.catalog ?? []) {
    if ('error' in outcome) lines.push(`  catalogue ${outcome.database}: ERROR ${oneLine(outcome.error)}`)
    else
      lines.push(
        `  catalogue ${outcome.database}: app ${int(outcome.app.requestsPerSecond)} req/s, bare ` +
          `${int(outcome.bare.requestsPerSecond)} req/s, ratio ${outcome.ratio.toFixed(3)}, p50 ` +
          `${ms(outcome.app.p50Ms)}, p99 ${ms(outcome.app.p99Ms)}: ${outcome.pass ? 'pass' : 'FAIL'}`,
      )
  }
  if (report.soak && 'error' in report.soak) lines.push(`  soak: ERROR ${oneLine(report.soak.error)}`)
  else if (report.soak)
    lines.push(
      `  soak (${report.soak.minutes} min, ${int(report.soak.requests)} requests): p99 ${ms(report.soak.p99Ms)}, ` +
        `RSS ${report.soak.rssStartMb.toFixed(1)} → ${report.soak.rssEndMb.toFixed(1)} MB ` +
        `(${report.soak.rssSlopeMbPerMinute.toFixed(2)} MB/min after warm-up), errors ${tally(report.soak.errors)}, ` +
        `orders ${report.soak.ordersInDatabase} in the database for ${report.soak.checkoutsAnswered200} answered 200: ` +
        `${report.soak.pass ? 'pass' : 'FAIL'}`,
    )
  if (report.inquiries && 'error' in report.inquiries)
    lines.push(`  inquiries: ERROR ${oneLine(report.inquiries.error)}`)
  else if (report.inquiries)
    for (const run of report.inquiries.runs)
      lines.push(
        `  inquiries (10,000 rows, search, ${run.connections} conn): ${int(run.requestsPerSecond)} req/s, p50 ` +
          `${ms(run.p50Ms)}, p99 ${ms(run.p99Ms)}: ${run.pass ? 'pass' : 'FAIL'}`,
      )
  if (report.campaign) lines.push(campaignSummary(report.campaign))
  if (report.pages && 'error' in report.pages) lines.push(`  pages: ERROR ${oneLine(report.pages.error)}`)
  else if (report.pages)
    for (const page of report.pages.pages)
      lines.push(
        `  page ${page.path}: ${kb(page.bodyBytes)}, app ${int(page.app.requestsPerSecond)} req/s, bare ` +
          `${int(page.bare.requestsPerSecond)} req/s, ratio ${page.ratio.toFixed(3)}, p99 ${ms(page.app.p99Ms)}, ` +
          `miss ${ms(page.missMedianMs)}: ${page.pass ? 'pass' : 'FAIL'}`,
      )
  if (report.checkout && 'error' in report.checkout)
    lines.push(`  checkout: ERROR ${oneLine(report.checkout.error)}`)
  else if (report.checkout) {
    const { run, probe, withCode, withTax, contention } = report.checkout
    for (const [label, result] of [
      ['checkout', run],
      ['checkout (comparison)', probe],
      ...(withCode ? ([['checkout (with a shared code)', withCode]] as const) : []),
      ...(withTax ? ([['checkout (with sales tax on)', withTax]] as const) : []),
    ] as const)
      lines.push(
        `  ${label}: ${int(result.ordersPerSecond)} orders/s at ${result.inFlight} in flight, p50 ` +
          `${ms(result.p50Ms)}, p99 ${ms(result.p99Ms)}, non-200 ${tally(result.failures)}`,
      )
    for (const result of contention)
      lines.push(
        `  checkout contention, stock ${result.stock}: ${result.orders} orders, ${result.conflicts} clean 409, ` +
          `other ${tally(result.other)}: ${result.pass ? 'pass' : 'FAIL'}`,
      )
    lines.push(`  checkout overall: ${report.checkout.pass ? 'pass' : 'FAIL'}`)
  }
  if (report.signin && 'error' in report.signin)
    lines.push(`  sign-in: ERROR ${oneLine(report.signin.error)}`)
  else if (report.signin) {
    const { signin } = report
    lines.push(
      `  sign-in: ${int(signin.verificationsPerSecond)} verifications/s, p99 ${ms(signin.p99Ms)}, ` +
        `loop delay p99 ${ms(signin.loaded.p99Ms)} (idle ${ms(signin.idle.p99Ms)}): ${signin.pass ? 'pass' : 'FAIL'}`,
    )
    if ('error' in signin.http) lines.push(`  sign-in through the app: ERROR ${oneLine(signin.http.error)}`)
    else
      lines.push(
        `  sign-in through the app: ${int(signin.http.loginsPerSecond)} logins/s, p99 ${ms(signin.http.p99Ms)}, ` +
          `non-200 ${tally(signin.http.failures)}: ${signin.http.pass ? 'pass' : 'FAIL'}`,
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
