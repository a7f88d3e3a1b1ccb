import '../../src/server/threadpool'
// `npm run bench [-- --only=catalog|checkout|signin|admin|import|inquiries|campaign|pages|admin-pages|js|lighthouse|soak]`: measures DESIGN.md §6's budgets
// against the production build and writes BENCHMARKS.md. See report.ts for the method. The soak
// (10 minutes, SOAK_MINUTES) runs only when asked for by name.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { benchAdmin } from './admin'
import { benchAdminPages } from './admin-pages'
import { benchCampaign } from './campaign'
import { benchCatalog } from './catalog'
import { benchCheckout } from './checkout'
import { benchImport } from './import'
import { benchInquiries } from './inquiries'
import { sweepLeftovers } from './leftovers'
import { benchLighthouse } from './lighthouse'
import { benchPages } from './pages'
import { type AppServer, ROOT, removeTempDir, snapshotBuild, startApp, stopAll, stopChild } from './processes'
import { describeMachine, type Report, renderMarkdown, renderSummary } from './report'
import { benchSignin } from './signin'
import { benchSoak } from './soak'
import { benchScripts, storefrontPages } from './storefront'

const PARTS = [
  'catalog',
  'checkout',
  'signin',
  'admin',
  'import',
  'inquiries',
  'campaign',
  'pages',
  'admin-pages',
  'js',
  'lighthouse',
  'soak',
] as const
type Part = (typeof PARTS)[number]
/** What a bare `npm run bench` measures: all but the soak, which takes ten minutes on its own. */
const DEFAULT_PARTS = PARTS.filter((part) => part !== 'soak')

function selectedParts(argv: string[]): Set<Part> {
  const only = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length)
  if (!only) return new Set(DEFAULT_PARTS)
  const wanted = only.split(',').map((part) => part.trim())
  const unknown = wanted.filter((part) => !(PARTS as readonly string[]).includes(part))
  if (unknown.length) {
    console.error(`unknown part ${unknown.join(', ')}: use --only=${PARTS.join('|')}`)
    process.exit(2)
  }
  return new Set(wanted as Part[])
}

// The bench measures what ships: build first when there is no production build.
function ensureBuild() {
  const outputs = ['dist/server/main.js', 'dist/ssr/entry-server.js', 'dist/client/index.html']
  if (outputs.every((file) => existsSync(path.join(ROOT, file)))) return
  console.info('No production build found: running npm run build')
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (result.status !== 0) throw new Error('npm run build failed')
}

const failure = (error: unknown) => ({ error: (error as Error).stack ?? String(error) })

/** Both browser parts share one demo-seeded PGlite shop: seeding is the slow part of starting. */
async function benchBrowser(parts: Set<Part>, report: Report) {
  let server: AppServer | undefined
  try {
    console.info('storefront: starting a demo-seeded shop on PGlite')
    server = await startApp({ seedDemo: true })
    if (parts.has('admin-pages')) {
      try {
        report.adminPages = await benchAdminPages(server.baseUrl)
      } catch (error) {
        report.adminPages = failure(error)
      }
    }
    const pages = await storefrontPages(server.baseUrl)
    if (parts.has('js')) {
      try {
        report.scripts = await benchScripts(server.baseUrl, pages)
      } catch (error) {
        report.scripts = failure(error)
      }
    }
    if (parts.has('lighthouse')) {
      try {
        report.lighthouse = await benchLighthouse(server.baseUrl, pages)
      } catch (error) {
        report.lighthouse = failure(error)
      }
    }
  } catch (error) {
    if (parts.has('admin-pages')) report.adminPages ??= failure(error)
    if (parts.has('js')) report.scripts ??= failure(error)
    if (parts.has('lighthouse')) report.lighthouse ??= failure(error)
  } finally {
    if (server) {
      await stopChild(server)
      removeTempDir(server.dataDir)
    }
  }
}

async function main(): Promise<number> {
  const parts = selectedParts(process.argv.slice(2))
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const started = Date.now()
  ensureBuild()
  const report: Report = { date: new Date(), machine: await describeMachine(postgresUrl) }
  await sweepLeftovers(postgresUrl)
  try {
    await snapshotBuild()
    if (parts.has('catalog')) report.catalog = await benchCatalog(postgresUrl)
    if (parts.has('checkout')) report.checkout = await benchCheckout(postgresUrl)
    if (parts.has('signin')) report.signin = await benchSignin(postgresUrl)
    if (parts.has('admin')) report.admin = await benchAdmin(postgresUrl)
    if (parts.has('import')) report.import = await benchImport(postgresUrl)
    if (parts.has('inquiries')) report.inquiries = await benchInquiries(postgresUrl)
    if (parts.has('campaign')) report.campaign = await benchCampaign(postgresUrl)
    if (parts.has('pages')) report.pages = await benchPages(postgresUrl)
    if (parts.has('soak')) report.soak = await benchSoak(postgresUrl)
    if (parts.has('js') || parts.has('lighthouse') || parts.has('admin-pages'))
      await benchBrowser(parts, report)
  } finally {
    await stopAll()
  }

  // Parts not run this time keep their section from the previous file.
  const reportFile = path.join(ROOT, 'BENCHMARKS.md')
  const previous = existsSync(reportFile) ? readFileSync(reportFile, 'utf8') : ''
  writeFileSync(reportFile, renderMarkdown(report, previous))
  console.info(renderSummary(report))
  console.info(`\nBENCHMARKS.md written in ${Math.round((Date.now() - started) / 1000)} s`)

  const errors = [
    ...(report.catalog ?? []).flatMap((outcome) => ('error' in outcome ? [outcome.error] : [])),
    ...[
      report.scripts,
      report.lighthouse,
      report.checkout,
      report.signin,
      report.admin,
      report.import,
      report.inquiries,
      report.campaign,
      report.pages,
      report.adminPages,
      report.soak,
    ].flatMap((part) => (part && 'error' in part ? [part.error] : [])),
    // The logins through the app can fail on their own while the verifications were measured.
    ...(report.signin && !('error' in report.signin) && 'error' in report.signin.http
      ? [`sign-in through the app: ${report.signin.http.error}`]
      : []),
  ]
  for (const error of errors) console.error(`\n${error}`)
  // Missed budgets are results, reported above; only a part that could not run fails the command.
  return errors.length ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  async (error: Error) => {
    console.error(error.stack ?? error.message)
    await stopAll()
    process.exit(1)
  },
)
