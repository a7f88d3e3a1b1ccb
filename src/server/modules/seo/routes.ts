import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { categoryPath } from '../../../shared/catalog'
import type { Database } from '../../db/client'
import { listCategories, listProducts } from '../catalog/service'
import { journalSitemapEntries } from '../journal/service'

// Pages every visitor can reach, besides categories and products.
const PUBLIC_PAGES = [
  '/',
  '/products',
  '/about',
  '/contact',
  '/testimonials',
  '/return-policy',
  '/privacy-policy',
  '/terms-conditions',
]

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export const seoRoutes: FastifyPluginAsync<{
  db: Database
  origin: (request: FastifyRequest) => string
}> = async (app, { db, origin }) => {
  app.get('/robots.txt', async (request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600')
    return [
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /account',
      'Disallow: /checkout',
      'Disallow: /order',
      '',
      `Sitemap: ${origin(request)}/sitemap.xml`,
      '',
    ].join('\n')
  })

  app.get('/sitemap.xml', async (request, reply) => {
    const base = origin(request)
    // Sold pieces keep their pages (old links, wishlists), so they stay in the sitemap too.
    const [categories, products, journal] = await Promise.all([
      listCategories(db),
      listProducts(db, { includeSold: true }),
      journalSitemapEntries(db, new Date()),
    ])
    const entries = [
      ...PUBLIC_PAGES.map((path) => ({ path, lastmod: undefined as string | undefined })),
      ...categories.map((category) => ({ path: categoryPath(category), lastmod: undefined })),
      ...products.map((product) => ({
        path: `/product/${product.id}`,
        lastmod: product.updatedAt.toISOString().slice(0, 10),
      })),
      ...journal,
    ]
    const urls = entries
      .map(
        ({ path, lastmod }) =>
          `  <url><loc>${escapeXml(base + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
      )
      .join('\n')
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600')
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
  })
}
