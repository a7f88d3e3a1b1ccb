import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { journalContract as contract } from '../../../shared/journal/contract'
import { JOURNAL_MESSAGES } from '../../../shared/journal/rules'
import type { Database } from '../../db/client'
import { notFound } from '../../errors'
import { schemaOf } from '../../http/contract'
import { atomFeed } from './feed'
import { PublicationTimer } from './publication-timer'
import { feedEntries, getVisiblePost, listVisiblePosts } from './service'
import { type Reader, ViewCounter } from './view-counter'

declare module 'fastify' {
  interface FastifyInstance {
    /** The Journal's view counter: a page cache serving /journal/:slug records views through it. */
    journalViews: ViewCounter
  }
}

export interface JournalOptions {
  db: Database
  /** Signs the view counter's visitor keys; the session secret, shared by every instance. */
  secret: string
  origin: (request: FastifyRequest) => string
  storeName: string
  /** Tells the storefront's caches that what visitors see changed (a scheduled post went live). */
  onPublished: () => void
  /** Background timers (view flushes, publication notices); off in tests that drive them by hand. */
  timers?: boolean
}

// A post's page: /journal/<slug>, not /journal/tag/… nor the feed.
const POST_PAGE = /^\/journal\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?(?:\?|$)/

const SESSION_COOKIE = 'sid'

/** Who is reading: their session when the cookie is genuinely ours, else address and browser. */
function readerOf(request: FastifyRequest): Reader {
  const raw = request.cookies[SESSION_COOKIE]
  const unsigned = raw ? request.unsignCookie(raw) : undefined
  return {
    sessionId: unsigned?.valid && unsigned.value ? unsigned.value : undefined,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  }
}

/**
 * The Journal for readers: the API, the Atom feed, and the view counting of both the API and the
 * post pages (counted when the page is answered, so a page served from a cache counts too).
 * Registered at the root (fastify-plugin) so its page hook sees the server-rendered pages.
 */
async function journalRoutes(instance: FastifyInstance, options: JournalOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>()
  const { db } = options
  const views = new ViewCounter(db, options.secret, app.log)
  const publications = new PublicationTimer(db, options.onPublished, app.log)
  app.decorate('journalViews', views)
  if (options.timers !== false) {
    app.addHook('onReady', async () => {
      views.start()
      publications.start()
    })
  }
  app.addHook('onClose', async () => {
    publications.stop()
    await views.stop()
  })

  app.get(contract.posts.path, { schema: schemaOf(contract.posts) }, (request) =>
    listVisiblePosts(db, request.query, new Date()),
  )

  app.get(contract.post.path, { schema: schemaOf(contract.post) }, async (request) => {
    const post = await getVisiblePost(db, request.params.slug, new Date())
    if (!post) throw notFound(JOURNAL_MESSAGES.notFound)
    views.record(post.slug, readerOf(request))
    return post
  })

  app.get('/journal/feed.xml', async (request, reply) => {
    const xml = atomFeed(await feedEntries(db, new Date()), {
      origin: options.origin(request),
      storeName: options.storeName,
    })
    reply.type('application/atom+xml; charset=utf-8').header('cache-control', 'public, max-age=600')
    return xml
  })

  // The server renders a post's page by reading the API in-process with the visitor's address and
  // browser (http/ssr.ts), so the two notes of one reading are one view.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' || reply.statusCode !== 200) return
    const match = POST_PAGE.exec(request.url)
    if (match) views.record(match[1]!, readerOf(request))
  })
}

export const journal = fp(journalRoutes, { name: 'journal', dependencies: ['@fastify/cookie'] })
