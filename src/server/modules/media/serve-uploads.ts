import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync } from 'fastify'
import { type FileStore, IMMUTABLE_CACHE_CONTROL, isSafeKey } from './file-store'
import { LocalFileStore } from './local-file-store'

interface UploadsOptions {
  store: FileStore
  /** S3_PUBLIC_URL: the CDN or bucket base that serves the files; the app then only points there. */
  publicBase?: string
}

const notFound = { message: 'Not found' }

/**
 * `GET /uploads/<key>`, the address every stored image is linked by. Files on disk are sent by the
 * static server; files in a bucket are streamed from it (never buffered), or, with a public base,
 * the browser is sent there once for good. Names are content hashes, so every answer is cacheable
 * for a year.
 */
export const uploadsRoutes: FastifyPluginAsync<UploadsOptions> = async (app, { store, publicBase }) => {
  // The pictures are public, and e-mails show them (a reminder's pieces): a webmail page that loads
  // them from its own origin must not be refused, as the site-wide `same-origin` would.
  app.addHook('onRequest', async (_request, reply) => {
    reply.raw.setHeader('cross-origin-resource-policy', 'cross-origin')
  })
  if (store instanceof LocalFileStore && !publicBase) {
    await app.register(fastifyStatic, {
      root: store.rootDir,
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
    })
    return
  }

  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*']
    if (!isSafeKey(key)) return reply.status(404).send(notFound)
    if (publicBase) {
      return reply.header('cache-control', IMMUTABLE_CACHE_CONTROL).redirect(`${publicBase}/${key}`, 301)
    }
    const file = await store.read(key)
    if (!file) return reply.status(404).send(notFound)
    if (file.etag && request.headers['if-none-match'] === file.etag) {
      file.body.destroy()
      return reply
        .status(304)
        .header('etag', file.etag)
        .header('cache-control', IMMUTABLE_CACHE_CONTROL)
        .send()
    }
    if (file.etag) reply.header('etag', file.etag)
    return reply
      .header('cache-control', IMMUTABLE_CACHE_CONTROL)
      .header('content-length', file.size)
      .type(file.contentType)
      .send(file.body)
  })
}
