import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { categoryPath } from '../../../shared/catalog/rules'
import type { Database } from '../../db/client'
import { notFound } from '../../errors'
import { countSitemapProducts, listCategories, sitemapProducts } from '../catalog/service'
import { journalSitemapEntries } from '../journal/service'

// Pages every visitor can reach, besides categories and products.
const PUBLIC_PAGES = [
  '/',
  '/products',
  '/about',
  '/contact',
  '/testimonials',
  '/gift-cards',
  '/return-policy',
  '/privacy-policy',
  '/terms-conditions',
]

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The sitemap protocol's limit of URLs in one file. */
export const SITEMAP_URLS_PER_FILE = 50_000

export const seoRoutes: FastifyPluginAsync<{
  db: Database
  origin: (request: FastifyRequest) => string
  /** Tests make it small to see the split. */
  urlsPerFile?: number
}> = async (app, { db, origin, urlsPerFile = SITEMAP_URLS_PER_FILE }) => {
  app.get('/robots.txt', async (request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600')
    return [
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /account',
      'Disallow: /checkout',
      'Disallow: /order',
      // The product feeds Merchant Center and Commerce Manager read (404 while the owner has them off).
      'Allow: /feeds/google.xml',
      'Allow: /feeds/meta.csv',
      '',
      `Sitemap: ${origin(request)}/sitemap.xml`,
      '',
    ].join('\n')
  })

  // The sitemap protocol allows 50,000 URLs a file: an index names the files, products come in
  // files of at most that many, each read from SQL by its own page of ids.
  app.get('/sitemap.xml', async (request, reply) => {
    const base = origin(request)
    const productFiles = Math.ceil((await countSitemapProducts(db)) / urlsPerFile)
    const files = [
      'pages.xml',
      'journal.xml',
      ...Array.from({ length: productFiles }, (_, index) => `products-${index + 1}.xml`),
    ]
    const items = files.map(
      (file) => `  <sitemap><loc>${escapeXml(`${base}/sitemaps/${file}`)}</loc></sitemap>`,
    )
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600')
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`
  })

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const { file } = request.params
    const productFile = /^products-([1-9]\d{0,5})\.xml$/.exec(file)
    let entries: { path: string; lastmod?: string }[]
    if (file === 'pages.xml') {
      const categories = await listCategories(db)
      entries = [
        ...PUBLIC_PAGES.map((path) => ({ path })),
        ...categories.map((category) => ({ path: categoryPath(category) })),
      ]
    } else if (file === 'journal.xml') {
      entries = (await journalSitemapEntries(db, new Date())).slice(0, urlsPerFile)
    } else if (productFile) {
      entries = await sitemapProducts(db, Number(productFile[1]), urlsPerFile)
      if (entries.length === 0) throw notFound('Not found')
    } else {
      throw notFound('Not found')
    }
    const base = origin(request)
    const urls = entries.map(
      ({ path, lastmod }) =>
        `  <url><loc>${escapeXml(base + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
    )
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600')
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
  })
}
