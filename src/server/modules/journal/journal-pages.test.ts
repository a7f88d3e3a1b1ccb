import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { builtPages } from '../../test/built-pages'
import { adminCookie, insertProduct } from '../../test/factories'
import { createTestApp, type TestApp } from '../../test/helpers'
import { blogPosts } from './schema'

// The Journal's pages as the server renders them (npm test builds before running this suite).

let t: TestApp
let owner: string
let live: { id: number; slug: string }
let productId: number
const HOUR = 60 * 60_000

async function write(fields: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/blog/posts',
    headers: { cookie: owner },
    payload: { category: 'Guides', content: 'A few words about natural jadeite.', ...fields },
  })
  if (response.statusCode !== 201) throw new Error(response.body)
  return response.json() as { id: number; slug: string }
}

const { bundle: ssrBundle, describeBuilt } = await builtPages('journal-pages.test.ts')
beforeAll(async () => {
  if (!ssrBundle) return
  t = await createTestApp({ ssrBundle })
  owner = await adminCookie(t.app, t.handle.db)
  productId = (await insertProduct(t.handle.db, { name: 'Apple Green Cabochon Ring', status: 'sold' })).id
  await write({
    title: 'An older story',
    published: true,
    publishedAt: new Date(Date.now() - 48 * HOUR).toISOString(),
  })
  live = await write({
    title: 'How to Measure a Bangle',
    published: true,
    tags: ['Sizing'],
    excerpt: 'Ten minutes with a strip of paper.',
    featuredImage: '/uploads/0123456789abcdef-1280.webp',
    content: `## Step one\n\nWrap a strip of paper around your hand. See [the ring](/product/${productId}).\n\n<script>alert(1)</script>`,
  })
})
afterAll(() => t?.close())

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })

describeBuilt('the Journal pages', () => {
  it('render the list with its stories, title, description, canonical link and feed', async () => {
    const response = await page('/journal')
    expect(response.statusCode).toBe(200)
    const html = response.body
    expect(html).toContain('<title>Journal — Notes on Jade | Jade Shop</title>')
    expect(html).toContain('<link rel="canonical" href="http://localhost:80/journal" />')
    expect(html).toContain('<meta property="og:title" content="Journal — Notes on Jade | Jade Shop" />')
    expect(html).toContain(
      'type="application/atom+xml" title="Journal" href="http://localhost:80/journal/feed.xml"',
    )
    expect(html).toContain('How to Measure a Bangle')
    expect(html).toContain('An older story')
    expect(html).toContain('Ten minutes with a strip of paper.')
  })

  it('render a post as an article, with its pieces, neighbours and structured data', async () => {
    const response = await page(`/journal/${live.slug}`)
    expect(response.statusCode).toBe(200)
    const html = response.body
    expect(html).toContain('<title>How to Measure a Bangle | Jade Shop</title>')
    expect(html).toContain('<meta name="description" content="Ten minutes with a strip of paper." />')
    expect(html).toContain(`<link rel="canonical" href="http://localhost:80/journal/${live.slug}" />`)
    expect(html).toContain('<meta property="og:type" content="article" />')
    expect(html).toContain(
      '<meta property="og:image" content="http://localhost:80/uploads/0123456789abcdef-1280.webp" />',
    )
    expect(html).toContain('<meta property="article:tag" content="sizing" />')
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    )
    const posting = jsonLd.find((data) => data['@type'] === 'BlogPosting')
    expect(posting).toMatchObject({
      headline: 'How to Measure a Bangle',
      author: { '@type': 'Organization', name: 'Jade Shop' },
      image: ['http://localhost:80/uploads/0123456789abcdef-1280.webp'],
      mainEntityOfPage: { '@id': `http://localhost:80/journal/${live.slug}` },
    })
    expect(posting!.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(posting!.dateModified).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    // The article, sanitized, in the page itself.
    expect(html).toContain('<h2>Step one</h2>')
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).toContain('Pieces in this story')
    expect(html).toContain(`href="/product/${productId}"`)
    expect(html).toContain('Previous story')
    expect(html).toContain('An older story')
  })

  it('list a tag’s stories, and answer 404 for a tag no story carries', async () => {
    expect((await page('/journal/tag/sizing')).body).toContain('How to Measure a Bangle')
    expect((await page('/journal/tag/Sizing')).statusCode).toBe(200)
    expect((await page('/journal/tag/nothing-here')).statusCode).toBe(404)
  })

  it('answer 404 with the not-found page for a draft, a scheduled post and an unknown slug', async () => {
    const draft = await write({ title: 'A draft story' })
    const later = await write({
      title: 'A later story',
      published: true,
      publishedAt: new Date(Date.now() + HOUR).toISOString(),
    })
    for (const slug of [draft.slug, later.slug, 'no-such-story']) {
      const response = await page(`/journal/${slug}`)
      expect({ slug, status: response.statusCode }).toEqual({ slug, status: 404 })
      expect(response.body).toContain('Story Not Found')
    }
  })

  it('show the newest story on the home page', async () => {
    expect((await page('/')).body).toContain('From the Journal')
  })

  it('count a page read once, with its in-process API read, per reader', async () => {
    const views = async () =>
      (
        await t.handle.db
          .select({ views: blogPosts.viewCount })
          .from(blogPosts)
          .where(eq(blogPosts.id, live.id))
      )[0]!.views
    await t.app.journalViews.flush()
    const before = await views()
    // Readers from addresses of their own: the page's API read must see the same reader, not the server.
    const read = (remoteAddress: string, agent: string) =>
      t.app.inject({
        method: 'GET',
        url: `/journal/${live.slug}`,
        remoteAddress,
        headers: { 'user-agent': agent },
      })
    await read('203.0.113.7', 'Mozilla/5.0 (Page reader)')
    await read('203.0.113.7', 'Mozilla/5.0 (Page reader)')
    await read('198.51.100.4', 'Mozilla/5.0 (Another reader)')
    await t.app.journalViews.flush()
    expect((await views()) - before).toBe(2)
  })
})
