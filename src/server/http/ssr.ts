import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { PassThrough, type Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip as gzipCallback } from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { ApiErrorBody } from '../../shared/api'
import type { RenderFunction, RenderResult } from '../../shared/ssr'
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_SECONDS } from '../errors'
import { CLIENT_DIST_DIR, SSR_ENTRY } from '../paths'
import { pickEncoding } from './content-encoding'
import { loadModulePreloads, type ModulePreloads } from './module-preloads'
import {
  type CachedPage,
  isSharedPage,
  matchesEtag,
  normalisePageUrl,
  type PageCache,
  type RenderedPage,
  SHARED_CACHE_CONTROL,
  type UnreadablePage,
} from './page-cache'
import { SESSION_COOKIE } from './session'

const brotli = promisify(brotliCompress)
const gzip = promisify(gzipCallback)
// Pages are compressed per request: a quick brotli level keeps that under a millisecond.
const BROTLI_FAST = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }

export interface SsrBundle {
  template: string
  render: RenderFunction
  /** The back office's and the account area's chunks, named in their pages' heads (module-preloads.ts). */
  modulePreloads?: ModulePreloads
}

/** Loads the production build (npm run build); undefined when there is none, as in API tests. */
export async function loadSsrBundle(): Promise<SsrBundle | undefined> {
  const templatePath = path.join(CLIENT_DIST_DIR, 'index.html')
  if (!existsSync(templatePath) || !existsSync(SSR_ENTRY)) return undefined
  const module = (await import(pathToFileURL(SSR_ENTRY).href)) as { render: RenderFunction }
  const template = readFileSync(templatePath, 'utf8')
  return {
    template: inlineStylesheets(template),
    render: module.render,
    modulePreloads: loadModulePreloads(CLIENT_DIST_DIR, template),
  }
}

/**
 * The stylesheet (about 10 KB compressed) goes inside the page: the first paint then waits for no
 * second request, which on a phone network is most of the time to first paint.
 */
function inlineStylesheets(template: string): string {
  return template.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
    (tag, href: string) => {
      const file = path.join(CLIENT_DIST_DIR, href)
      if (!existsSync(file)) return tag
      return `<style>${readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`
    },
  )
}

// JSON inside <script type="application/json">: only "</script" and comment openers could end it early.
const escapeJsonForHtml = (value: unknown) =>
  JSON.stringify(value ?? null)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

interface SsrOptions {
  bundle: SsrBundle
  /** The site's origin for canonical links (PUBLIC_URL, or a trusted Host). */
  origin: (request: FastifyRequest) => string
  /** The built-in test card provider is active: every page says so. */
  testPayments?: boolean
  /** Pages for visitors without a session, kept until the shop changes (http/page-cache.ts). */
  pageCache?: PageCache
}

// Outside the React root, so it costs shoppers no JavaScript and hydration never sees it; a named
// complementary landmark, since every piece of a page must sit in one (axe's `region`).
const TEST_MODE_BANNER =
  '<aside aria-label="Test mode" style="margin:0;padding:6px 16px;background:#fef3c7;color:#451a03;font:500 12px/1.4 system-ui,sans-serif;text-align:center">' +
  'Test mode: card payments use test cards (4242 4242 4242 4242) and no money is charged.</aside>'
const ROOT = '<div id="root">'

/**
 * The page of a request whose data could not be read (the database is away): a 503 that crawlers
 * keep their copy through and a shopper can act on, standing alone (no script would find an API).
 */
const UNAVAILABLE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Briefly unavailable</title></head>' +
  '<body style="font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1c1917"><main>' +
  `<h1 style="font-size:1.5rem">We will be right back</h1><p>${UNAVAILABLE_MESSAGE}</p><p><a href="">Try again</a></p>` +
  '</main></body></html>'

// The account and admin areas show one person's data: not even the browser keeps them. In any
// letter case, as the router matches paths (/Admin/Orders draws the orders screen).
const PRIVATE_PAGES = /^\/(account|admin)(\/|\?|$)/i

async function ssrPlugin(app: FastifyInstance, { bundle, origin, testPayments, pageCache }: SsrOptions) {
  // Built files: content-hashed assets are cached for a year, the rest briefly.
  await app.register(fastifyStatic, {
    root: CLIENT_DIST_DIR,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    // Built by scripts/compress-assets.mjs: .br and .gz beside each file.
    preCompressed: true,
    // Not the template, nor Vite's build manifest (read by module-preloads.ts).
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
    setHeaders: (res, filePath) => {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      )
    },
  })

  // The template is cut once at its markers and the page assembled by concatenation: content
  // passed through String.prototype.replace would have `$&`, `$'` and `$1` in it expanded.
  const [beforeHead, afterHead] = bundle.template.split('<!--app-head-->') as [string, string]
  const [templateBeforeHtml, afterHtml] = afterHead.split('<!--app-html-->') as [string, string]
  const beforeHtml = testPayments
    ? insertBefore(templateBeforeHtml, ROOT, TEST_MODE_BANNER)
    : templateBeforeHtml
  const [beforeState, afterState] = splitOnce(afterHtml, '<!--app-state-->')
  const headClose = splitOnce(beforeHtml, '</head>')
  headClose[1] = `</head>${headClose[1]}`

  /**
   * Fetches one page's data and works out its status and head. `anonymous`: for every visitor
   * without a session, so nothing of this one (cookies, who they are, their cart) goes into it;
   * the browser asks for those itself.
   */
  async function startPage(
    request: FastifyRequest,
    url: string,
    anonymous: boolean,
  ): Promise<RenderResult & { unreadable: boolean }> {
    const cookie = anonymous ? undefined : request.headers.cookie
    // The API sees the visitor as they are (their cookies, address and browser): what it counts
    // per visitor (the journal's views) counts them once, however the page was reached.
    const userAgent = request.headers['user-agent']
    const visitor = {
      remoteAddress: request.ip,
      headers: { ...(cookie ? { cookie } : {}), ...(userAgent ? { 'user-agent': userAgent } : {}) },
    }
    // A part of the page's data the API could not read (a 5xx: the database is away) makes the
    // page a 503, whatever the page would make of the missing part (a product page: a 404).
    let unreadable = false
    const result = await bundle.render({
      url,
      origin: origin(request),
      anonymous,
      fetchJson: async (apiPath) => {
        const response = await app.inject({ method: 'GET', url: apiPath, ...visitor })
        if (response.statusCode >= 500) unreadable = true
        return { status: response.statusCode, body: response.statusCode < 300 ? response.json() : undefined }
      },
    })
    return Object.assign(result, { unreadable })
  }

  const logRenderError = (request: FastifyRequest) => (error: unknown) =>
    request.log.error({ err: error }, 'A part of the page failed to render on the server')
  const stateScript = (result: RenderResult) =>
    `<script id="__QUERY_STATE__" type="application/json">${escapeJsonForHtml(result.state())}</script>`

  /** An anonymous page in one piece, for the page cache: rendered to the end before it is kept. */
  async function renderWholePage(
    request: FastifyRequest,
    url: string,
  ): Promise<RenderedPage | UnreadablePage> {
    const result = await startPage(request, url, true)
    if (result.unreadable) return { status: 503, html: UNAVAILABLE_PAGE, unreadable: true }
    if (result.redirect) return { status: result.status, html: '', redirect: redirectOf(result) }
    if (!result.stream) throw new Error(`The render of ${url} has neither markup nor a redirect`)
    const markup = await text(await result.stream({ wait: 'all', onError: logRenderError(request) }))
    return {
      status: result.status,
      html: beforeHead + result.head + beforeHtml + markup + beforeState + stateScript(result) + afterState,
    }
  }

  // Cookie plugins write Set-Cookie as the answer leaves, after the handler: so a page is kept,
  // and told to shared caches, only here, once nothing will be added to its headers.
  const keepUnlessPersonal = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const keep = keepers.get(request)
    keepers.delete(request)
    if (reply.hasHeader('set-cookie')) {
      reply.header('cache-control', 'private, no-cache').removeHeader('etag')
    } else keep?.()
    return payload
  }
  const keepers = new WeakMap<FastifyRequest, () => void>()

  app.get('/*', { onSend: keepUnlessPersonal }, async (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply
        .status(404)
        .send({ message: `Not found: GET ${request.url.split('?')[0]}` } satisfies ApiErrorBody)
    }
    const url = normalisePageUrl(request.url)
    const shared = pageCache && !request.cookies[SESSION_COOKIE] && isSharedPage(url.split('?')[0]!)
    if (shared) {
      const { page, keep } = await pageCache.get(`${origin(request)}${url}`, () =>
        renderWholePage(request, url),
      )
      if (keep) keepers.set(request, keep)
      return sendCachedPage(request, reply, page)
    }

    // A visitor's own page streams: the shell goes out as soon as it is rendered.
    const result = await startPage(request, request.url, false)
    if (result.unreadable) {
      // The shared copy of a public page, from before, is better than none (the header's greeting
      // and cart come back once the shop does).
      const stale =
        pageCache && isSharedPage(url.split('?')[0]!) && pageCache.stale(`${origin(request)}${url}`)
      if (stale) return sendCachedPage(request, reply, stale)
      return sendUnavailable(reply)
    }
    const redirect = redirectOf(result)
    if (redirect) return reply.redirect(redirect.location, redirect.status)
    if (!result.stream) throw new Error(`The render of ${request.url} has neither markup nor a redirect`)
    // Parts that stream in after the shell are swapped in by inline scripts: this page's nonce lets them run.
    const nonce = randomBytes(16).toString('base64')
    const markup = await result.stream({ wait: 'shell', nonce, onError: logRenderError(request) })
    allowScriptNonce(reply, nonce)
    const page = new PassThrough()
    // A back-office or account page names its area's code after the template's own script.
    const preloads = bundle.modulePreloads?.(request.url)
    page.write(beforeHead + result.head + (preloads ? headClose[0] + preloads + headClose[1] : beforeHtml))
    markup.pipe(page, { end: false })
    markup.on('end', () => page.end(beforeState + stateScript(result) + afterState))
    markup.on('error', (error) => page.destroy(error))
    // The visitor left: React stops rendering what nobody will read.
    page.on('close', () => (markup as Readable).destroy())
    // Pages may show the visitor's name and cart: never stored by shared caches.
    reply
      .header('cache-control', PRIVATE_PAGES.test(request.url) ? 'private, no-store' : 'private, no-cache')
      .header('vary', 'accept-encoding')
    reply.status(result.status).type('text/html; charset=utf-8')
    const encoding = pickEncoding(request.headers['accept-encoding'])
    if (encoding === 'br') {
      return reply.header('content-encoding', 'br').send(compressed(page, createBrotliCompress(BROTLI_FAST)))
    }
    if (encoding === 'gzip')
      return reply.header('content-encoding', 'gzip').send(compressed(page, createGzip()))
    return reply.send(page)
  })

  /** An anonymous page from the cache (or just rendered for it): its bytes, or 304 by ETag. */
  async function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
    if (page.redirect) return reply.redirect(page.redirect.location, page.redirect.status)
    if (page.status === 503) return sendUnavailable(reply)
    reply.header('vary', 'accept-encoding')
    // Only what is kept for everyone may be kept by a CDN; a page not found is asked for again.
    if (page.stale) {
      // From before the database went away: for this visitor now, for no cache to keep.
      reply.header('cache-control', 'no-store').header('x-page-cache', 'stale')
    } else if (!page.shared) {
      reply.header('cache-control', 'private, no-cache')
    } else {
      reply.header('cache-control', SHARED_CACHE_CONTROL).header('etag', page.etag)
      if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.status(304).send()
    }
    reply.status(page.status).type('text/html; charset=utf-8')
    const encoding = pickEncoding(request.headers['accept-encoding'])
    if (encoding === 'br')
      return reply
        .header('content-encoding', 'br')
        .send(page.brotli ?? (await brotli(page.html, BROTLI_FAST)))
    if (encoding === 'gzip')
      return reply.header('content-encoding', 'gzip').send(page.gzip ?? (await gzip(page.html)))
    return reply.send(page.html)
  }
}

function sendUnavailable(reply: FastifyReply) {
  return reply
    .status(503)
    .header('retry-after', String(UNAVAILABLE_RETRY_SECONDS))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(UNAVAILABLE_PAGE)
}

function redirectOf(result: RenderResult): RenderedPage['redirect'] {
  if (!result.redirect) return undefined
  return { location: result.redirect, status: result.status === 301 ? 301 : 302 }
}

function compressed(page: Readable, compressor: NodeJS.ReadWriteStream): Readable {
  page.on('error', (error) => compressor.emit('error', error))
  return page.pipe(compressor) as unknown as Readable
}

/** Adds this answer's nonce to the scripts the Content-Security-Policy (http/security.ts) allows. */
function allowScriptNonce(reply: FastifyReply, nonce: string) {
  const policy = reply.raw.getHeader('content-security-policy')
  if (typeof policy !== 'string') return
  reply.raw.setHeader(
    'content-security-policy',
    policy.replace(/(^|;)(\s*script-src)([^;]*)/, `$1$2$3 'nonce-${nonce}'`),
  )
}

function insertBefore(text: string, marker: string, insert: string): string {
  const at = text.indexOf(marker)
  return at === -1 ? text : text.slice(0, at) + insert + text.slice(at)
}

function splitOnce(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker)
  return at === -1 ? [text, ''] : [text.slice(0, at), text.slice(at + marker.length)]
}

export default fp(ssrPlugin, { name: 'ssr' })
