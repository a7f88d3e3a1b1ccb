import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, type StorefrontPage } from './storefront'

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number]
export const LIGHTHOUSE_TARGETS: Record<LighthouseCategory, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
}
// Performance is judged by its score and metrics; the other categories are lists of checks whose
// failures we want named so they can be fixed.
const LISTED_CATEGORIES: LighthouseCategory[] = ['accessibility', 'best-practices', 'seo']
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
]

export interface LighthouseResult {
  page: StorefrontPage
  scores: Record<LighthouseCategory, number>
  metrics: { title: string; value: string }[]
  /** Performance diagnostics scoring under 0.9, as "title: estimate", the first leads for a fix. */
  diagnostics: string[]
  /** Lighthouse's CPU benchmark of this machine: low values mean a slow or busy machine. */
  benchmarkIndex: number
  failingAudits: {
    category: LighthouseCategory
    id: string
    title: string
    score: number
    examples: string[]
  }[]
  pass: boolean
}

type Audit = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']['audits'][string]
type Item = {
  node?: { snippet?: string; selector?: string }
  description?: string
  url?: string
  issueType?: string
}

/** A few offending elements, messages or URLs, so a failure can be found without rerunning. */
function examples(audit: Audit): string[] {
  const items = ((audit.details as { items?: Item[] } | undefined)?.items ?? []).slice(0, 3)
  return items.flatMap((item) => {
    const text = item.node?.snippet ?? item.node?.selector ?? item.description ?? item.url ?? item.issueType
    if (!text) return []
    const flat = text.replace(/\s+/g, ' ')
    return [flat.length > 140 ? `${flat.slice(0, 137)}...` : flat]
  })
}

/** One Lighthouse run; a broken trace (NO_NAVSTART and the like) is retried once, as it advises. */
async function runLighthouse(baseUrl: string, page: StorefrontPage, port: number, attempts = 2) {
  const run = await lighthouse(`${baseUrl}${page.path}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...LIGHTHOUSE_CATEGORIES],
  })
  if (!run) throw new Error(`lighthouse returned nothing for ${page.path}`)
  if (!run.lhr.runtimeError) return run
  if (attempts > 1) return runLighthouse(baseUrl, page, port, attempts - 1)
  throw new Error(`lighthouse on ${page.path}: ${run.lhr.runtimeError.message}`)
}

/** Lighthouse's default configuration: a throttled mid-range phone, storage cleared per run. */
export async function benchLighthouse(baseUrl: string, pages: StorefrontPage[]): Promise<LighthouseResult[]> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS })
  try {
    // A discarded first run: a fresh browser's first trace is unreliable (slow, or no navigation
    // start), and the server's rendering path gets warm as it is in a running shop.
    if (pages[0]) await runLighthouse(baseUrl, pages[0], chrome.port).catch(() => {})
    const results: LighthouseResult[] = []
    for (const page of pages) {
      console.info(`lighthouse: ${page.path}`)
      const { lhr } = await runLighthouse(baseUrl, page, chrome.port)

      const scores = Object.fromEntries(
        LIGHTHOUSE_CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
      ) as Record<LighthouseCategory, number>
      const failingAudits: LighthouseResult['failingAudits'] = []
      for (const category of LISTED_CATEGORIES) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id]
          // null scores are informative, manual or not-applicable checks: not failures.
          if (audit && audit.score !== null && audit.score < 1) {
            failingAudits.push({
              category,
              id: ref.id,
              title: audit.title,
              score: audit.score,
              examples: examples(audit),
            })
          }
        }
      }
      const metrics = METRICS.flatMap((id) => {
        const audit = lhr.audits[id]
        return audit ? [{ title: audit.title, value: audit.displayValue ?? String(audit.numericValue) }] : []
      })
      const diagnostics = (lhr.categories.performance?.auditRefs ?? []).flatMap((ref) => {
        const audit = lhr.audits[ref.id]
        if (ref.group !== 'diagnostics' || !audit || audit.score === null || audit.score >= 0.9) return []
        return [audit.displayValue ? `${audit.title}: ${audit.displayValue}` : audit.title]
      })
      results.push({
        page,
        scores,
        metrics,
        diagnostics,
        benchmarkIndex: lhr.environment.benchmarkIndex,
        failingAudits,
        pass: LIGHTHOUSE_CATEGORIES.every((id) => scores[id] >= LIGHTHOUSE_TARGETS[id]),
      })
    }
    return results
  } finally {
    chrome.kill()
  }
}
