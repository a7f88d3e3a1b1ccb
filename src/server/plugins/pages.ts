import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { PageCache } from '../http/page-cache'
import { siteOrigin } from '../http/site-origin'
import ssr, { type SsrBundle } from '../http/ssr'
import { uploadsRoutes } from '../modules/media/serve-uploads'

/** What a browser loads besides the API: uploaded images, and the server-rendered pages with their assets. */
async function pages(app: FastifyInstance, { ssrBundle }: { ssrBundle?: SsrBundle }) {
  const { config } = app
  // Uploaded and seeded images (from the disk or the bucket): content-hashed names, so they never change.
  await app.register(uploadsRoutes, { store: app.files, publicBase: config.s3?.publicUrl })
  // API-only without a build (most tests).
  if (ssrBundle) {
    // Anonymous visitors' pages, cleared with the listing on every catalogue or content change.
    const pageCache = new PageCache()
    app.catalogChanges.track(pageCache)
    await app.register(ssr, {
      bundle: ssrBundle,
      origin: siteOrigin(config),
      testPayments: app.paymentProvider.name === 'test',
      pageCache,
    })
  }
}

export default fp(pages, {
  name: 'pages',
  dependencies: ['infrastructure', 'payments', 'catalog-changes'],
  decorators: { fastify: ['config', 'files', 'paymentProvider', 'catalogChanges'] },
})
