import { pipeline } from 'node:stream'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { isDomainError } from '../../errors'
import {
  type FileStore,
  IMMUTABLE_CACHE_CONTROL,
  isPrivateKey,
  isSafeKey,
  type StoredFile,
} from './file-store'
import { LocalFileStore } from './local-file-store'
import { type KeptPicture, RecentPictures } from './recent-pictures'

interface UploadsOptions {
  store: FileStore
  /** S3_PUBLIC_URL: the CDN or bucket base that serves the files; the app then only points there. */
  publicBase?: string
  /** Pictures just served, to stand in while the store is away (a fresh one per app by default). */
  recent?: RecentPictures
}

const notFound = { message: 'Not found' }

/**
 * `GET /uploads/<key>`, the address every stored image is linked by. Files on disk are sent by the
 * static server; files in a bucket are streamed from it (never buffered), or, with a public base,
 * the browser is sent there once for good. Names are content hashes, so every answer is cacheable
 * for a year. While the bucket is away, a picture this instance has just served is answered from
 * its copy (recent-pictures.ts); any other is the store's 503. Private keys (PRIVATE_PREFIX: buyers'
 * tax certificates) are never served here, however the path is spelled: they are a 404.
 */
export const uploadsRoutes: FastifyPluginAsync<UploadsOptions> = async (
  app,
  { store, publicBase, recent = new RecentPictures() },
) => {
  // The pictures are public, and e-mails show them (a reminder's pieces): a webmail page that loads
  // them from its own origin must not be refused, as the site-wide `same-origin` would.
  app.addHook('onRequest', async (request, reply) => {
    const below = request.url.split('?')[0]!.replace(/^\/uploads\/?/, '')
    if (isPrivateKey(below)) return reply.status(404).send(notFound)
    reply.raw.setHeader('cross-origin-resource-policy', 'cross-origin')
  })
  if (store instanceof LocalFileStore && !publicBase) {
    await app.register(fastifyStatic, {
      root: store.rootDir,
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
      // The hook above already refuses them; this checks the path the static server resolved.
      allowedPath: (pathName) => !isPrivateKey(pathName),
    })
    return
  }

  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*']
    if (!isSafeKey(key) || isPrivateKey(key)) return reply.status(404).send(notFound)
    if (publicBase) {
      return reply.header('cache-control', IMMUTABLE_CACHE_CONTROL).redirect(`${publicBase}/${key}`, 301)
    }
    const kept = recent.get(key)
    if (kept && recent.storeKnownAway) return sendKept(request, reply, kept)
    let file: StoredFile | undefined
    try {
      file = await store.read(key)
    } catch (error) {
      if (!isDomainError(error, 'unavailable')) throw error
      recent.storeAway()
      if (kept) return sendKept(request, reply, kept)
      throw error
    }
    if (!file) return reply.status(404).send(notFound)
    if (file.etag && request.headers['if-none-match'] === file.etag) {
      file.body.destroy()
      return notModified(reply, file.etag)
    }
    if (file.etag) reply.header('etag', file.etag)
    // A cut on either side (the store, the browser) ends both, and nothing half-arrived is kept.
    const body = pipeline(file.body, recent.keep(key, file), () => {})
    return reply
      .header('cache-control', IMMUTABLE_CACHE_CONTROL)
      .header('content-length', file.size)
      .type(file.contentType)
      .send(body)
  })
}

const notModified = (reply: FastifyReply, etag: string) =>
  reply.status(304).header('etag', etag).header('cache-control', IMMUTABLE_CACHE_CONTROL).send()

/** The copy kept of a picture: the same bytes as the store's, so cacheable just the same. */
function sendKept(request: FastifyRequest, reply: FastifyReply, picture: KeptPicture) {
  reply.header('x-picture-cache', 'kept')
  if (picture.etag && request.headers['if-none-match'] === picture.etag)
    return notModified(reply, picture.etag)
  if (picture.etag) reply.header('etag', picture.etag)
  return reply.header('cache-control', IMMUTABLE_CACHE_CONTROL).type(picture.contentType).send(picture.bytes)
}
