import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { DEFAULT_FEED_SETTINGS, FEED_PATHS, feedSettingsSchema } from '../../../shared/settings/schema'
import type { Database } from '../../db/client'
import { notFound } from '../../errors'
import { etagOf, matchesEtag, SHARED_CACHE_CONTROL } from '../../http/page-cache'
import type { CatalogChanges } from '../catalog/catalog-changes'
import { readSetting } from '../settings/service'
import { type BuiltFeed, FeedCache } from './feed-cache'
import { feedPieces } from './feed-pieces'
import { type FeedShop, GOOGLE_TAIL, googleHead, googleItem } from './google'
import { metaHead, metaRow } from './meta'

export const FEEDS_SETTING = 'feeds'

/**
 * The product feeds for Google Shopping and Instagram / Facebook (issue 37): the pieces a shopper
 * can buy now, absolute links and prices, built once per catalogue change. Each answers 404 while
 * the owner has it off.
 */
export const feedRoutes: FastifyPluginAsync<{
  db: Database
  catalog: CatalogChanges
  origin: (request: FastifyRequest) => string
  shop: { name: string; shipping: FeedShop['shipping'] }
}> = async (app, { db, catalog, origin, shop }) => {
  const cache = new FeedCache()
  catalog.track(cache)

  async function build(head: string, line: (piece: Parameters<typeof googleItem>[0]) => string, tail = '') {
    const parts = [head]
    for await (const piece of feedPieces(db)) parts.push(line(piece))
    parts.push(tail)
    const body = parts.join('')
    return { body, etag: etagOf(body) }
  }

  // Cached as pages are: a CDN keeps a feed a minute at most, so a sold piece (or a feed turned
  // off) leaves what Merchant Center reads within one catalogue change and a minute.
  function answer(request: FastifyRequest, reply: FastifyReply, feed: BuiltFeed) {
    reply.header('cache-control', SHARED_CACHE_CONTROL).header('etag', feed.etag)
    if (matchesEtag(request.headers['if-none-match'], feed.etag)) return reply.status(304).send()
    return reply.send(feed.body)
  }

  async function feedOn(kind: 'google' | 'meta') {
    const settings = await readSetting(db, FEEDS_SETTING, feedSettingsSchema, DEFAULT_FEED_SETTINGS)
    if (!settings[kind]) throw notFound('Not found')
  }

  app.get(FEED_PATHS.google, { schema: { hide: true } }, async (request, reply) => {
    await feedOn('google')
    const feedShop = { ...shop, origin: origin(request) }
    const feed = await cache.get(`google ${feedShop.origin}`, () =>
      build(googleHead(feedShop), (piece) => googleItem(piece, feedShop), GOOGLE_TAIL),
    )
    return answer(request, reply.type('application/xml; charset=utf-8'), feed)
  })

  app.get(FEED_PATHS.meta, { schema: { hide: true } }, async (request, reply) => {
    await feedOn('meta')
    const feedShop = { ...shop, origin: origin(request) }
    const feed = await cache.get(`meta ${feedShop.origin}`, () =>
      build(metaHead(), (piece) => metaRow(piece, feedShop)),
    )
    return answer(request, reply.type('text/csv; charset=utf-8'), feed)
  })
}
