import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { JournalPage, JournalPost } from '../../../shared/journal/rules'
import { adminCookie, insertProduct } from '../../test/factories'
import { registerCustomer, shopForFile } from '../../test/helpers'
import { blogPosts } from './schema'
import { ViewCounter } from './view-counter'

// The Journal as readers get it, on a clock the tests hold still: which posts are visible when,
// the product cards, the feed and the sitemap.

const t = shopForFile({ env: { PUBLIC_URL: 'https://jade.example', PAYMENT_PROVIDER: 'test' } })
let owner: string
beforeAll(async () => {
  owner = await adminCookie(t.app, t.handle.db)
})
afterEach(() => {
  vi.useRealTimers()
})

const HOUR = 60 * 60_000
/** The clock the visibility tests stand at: only Date is fixed, timers run as usual. */
const NOW = new Date('2031-05-04T15:00:00Z')
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs)
function holdClock(time: Date) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(time)
}

async function write(fields: Record<string, unknown>): Promise<{ id: number; slug: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/blog/posts',
    headers: { cookie: owner },
    payload: { content: 'A few words about natural jadeite and its care.', category: 'Guides', ...fields },
  })
  if (response.statusCode !== 201) throw new Error(response.body)
  return response.json()
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })
const listed = async (query = '') => (await get(`/api/blog/posts${query}`)).json() as JournalPage

describe('which posts readers see', () => {
  let posts: Record<'draft' | 'scheduled' | 'live' | 'older' | 'exactlyNow', { id: number; slug: string }>
  // Written on the real clock (the owner's session would have expired by NOW), dated around NOW.
  beforeAll(async () => {
    posts = {
      draft: await write({ title: 'Visibility draft', tags: ['visibility'] }),
      scheduled: await write({
        title: 'Visibility scheduled',
        published: true,
        publishedAt: at(HOUR).toISOString(),
        tags: ['visibility'],
      }),
      live: await write({
        title: 'Visibility live',
        published: true,
        publishedAt: at(-HOUR).toISOString(),
        tags: ['visibility', 'Care'],
      }),
      older: await write({
        title: 'Visibility older',
        published: true,
        publishedAt: at(-48 * HOUR).toISOString(),
        tags: ['visibility'],
      }),
      exactlyNow: await write({
        title: 'Visibility exactly now',
        published: true,
        publishedAt: NOW.toISOString(),
        tags: ['visibility'],
      }),
    }
  })

  it('lists published posts whose time has come, newest first, never drafts or scheduled ones', async () => {
    holdClock(NOW)
    const page = await listed('?tag=visibility')
    expect(page.items.map((post) => post.title)).toEqual([
      'Visibility exactly now',
      'Visibility live',
      'Visibility older',
    ])
    expect(page.total).toBe(3)
  })

  it('shows a scheduled post once its time comes, on the same server', async () => {
    holdClock(at(HOUR - 1))
    expect((await get(`/api/blog/posts/${posts.scheduled.slug}`)).statusCode).toBe(404)
    holdClock(at(HOUR))
    const response = await get(`/api/blog/posts/${posts.scheduled.slug}`)
    expect(response.statusCode).toBe(200)
    expect((await listed('?tag=visibility')).items[0]!.title).toBe('Visibility scheduled')
  })

  it('answers 404 for a draft, a scheduled post and an unknown slug', async () => {
    holdClock(NOW)
    for (const slug of [posts.draft.slug, posts.scheduled.slug, 'no-such-post']) {
      const response = await get(`/api/blog/posts/${slug}`)
      expect({ slug, status: response.statusCode }).toEqual({ slug, status: 404 })
      expect(response.json()).toEqual({ message: 'Post not found' })
    }
  })

  it('answers a post with its article, its author and its neighbours', async () => {
    holdClock(NOW)
    const post = (await get(`/api/blog/posts/${posts.live.slug}`)).json() as JournalPost
    expect(post).toMatchObject({
      title: 'Visibility live',
      slug: posts.live.slug,
      category: 'Guides',
      tags: ['visibility', 'care'],
      // The owner has no first or last name: the shop signs, never the login name.
      authorName: null,
      readingTime: 1,
      publishedAt: at(-HOUR).toISOString(),
      contentHtml: '<p>A few words about natural jadeite and its care.</p>\n',
      excerpt: 'A few words about natural jadeite and its care.',
      products: [],
      // The one published just before, and just after (the scheduled one is not there yet).
      previous: { slug: posts.older.slug, title: 'Visibility older' },
      next: { slug: posts.exactlyNow.slug, title: 'Visibility exactly now' },
    })
    expect('content' in post).toBe(false)
  })

  it('filters by tag in any case, and pages', async () => {
    holdClock(NOW)
    expect((await listed('?tag=CARE')).items.map((post) => post.title)).toEqual(['Visibility live'])
    const second = await listed('?tag=visibility&pageSize=2&page=2')
    expect(second.items.map((post) => post.title)).toEqual(['Visibility older'])
    expect(second.total).toBe(3)
    expect((await get('/api/blog/posts?pageSize=51')).statusCode).toBe(400)
    expect((await get('/api/blog/posts?page=0')).statusCode).toBe(400)
  })
})

describe('the pieces a post names', () => {
  it('show as cards (a sold one with its ribbon, never a draft), and the product lists the post', async () => {
    const db = t.handle.db
    const available = await insertProduct(db, {
      name: 'Apple Green Cabochon Ring',
      imageUrls: ['/uploads/ring-1280.webp'],
    })
    const sold = await insertProduct(db, { name: 'Sold Imperial Bangle', status: 'sold' })
    const draft = await insertProduct(db, { name: 'Secret Draft Pendant', status: 'draft' })
    const story = await write({
      title: 'Three pieces',
      published: true,
      content: `The [bangle](/product/${sold.id}), the [pendant](/product/${draft.id}) and the [ring](/product/${available.id}).`,
    })
    const post = (await get(`/api/blog/posts/${story.slug}`)).json() as JournalPost
    expect(post.products).toEqual([
      {
        id: sold.id,
        name: 'Sold Imperial Bangle',
        price: sold.price,
        imageUrl: sold.imageUrls[0],
        status: 'sold',
        sold: true,
      },
      {
        id: available.id,
        name: 'Apple Green Cabochon Ring',
        price: available.price,
        imageUrl: '/uploads/ring-1280.webp',
        status: 'available',
        sold: false,
      },
    ])
    const fromTheJournal = await listed(`?productId=${available.id}`)
    expect(fromTheJournal.items.map((item) => item.slug)).toEqual([story.slug])
    expect((await listed(`?productId=${draft.id}`)).items.map((item) => item.slug)).toEqual([story.slug])
  })
})

describe('the Atom feed', () => {
  it('carries visible posts whole, escaped, with absolute links, and no draft or scheduled post', async () => {
    const live = await write({
      title: 'Jade & <Gold>: a "pairing"',
      published: true,
      content: 'Gold warms green jade. <script>alert(1)</script> See [the ring](/product/1).',
    })
    await write({ title: 'Feed draft only', published: false })
    await write({
      title: 'Feed scheduled only',
      published: true,
      publishedAt: new Date(Date.now() + HOUR).toISOString(),
    })
    const response = await get('/journal/feed.xml')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8')
    const xml = response.body
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://jade.example/">',
      ),
    ).toBe(true)
    expect(xml).toContain(
      '<link rel="self" type="application/atom+xml" href="https://jade.example/journal/feed.xml"/>',
    )
    expect(xml).toContain('<title>Jade &amp; &lt;Gold&gt;: a &quot;pairing&quot;</title>')
    expect(xml).toContain(
      `<link rel="alternate" type="text/html" href="https://jade.example/journal/${live.slug}"/>`,
    )
    expect(xml).toMatch(new RegExp(`<id>tag:jade\\.example,\\d{4}-\\d{2}-\\d{2}:journal/${live.id}</id>`))
    // The article is the sanitized HTML, escaped once more as the content element's text.
    expect(xml).toContain('&lt;p&gt;Gold warms green jade.')
    expect(xml).not.toContain('<script')
    expect(xml).not.toContain('&lt;script')
    expect(xml).not.toContain('Feed draft only')
    expect(xml).not.toContain('Feed scheduled only')
    expect(xml.match(/<entry>/g)?.length).toBe(xml.match(/<\/entry>/g)?.length)
  })
})

describe('the sitemap', () => {
  it('lists /journal, each visible post and each of their tags, never drafts or scheduled posts', async () => {
    const live = await write({ title: 'Sitemap live', published: true, tags: ['Bangle sizing'] })
    const draft = await write({ title: 'Sitemap draft', tags: ['hidden tag'] })
    const later = await write({
      title: 'Sitemap later',
      published: true,
      publishedAt: new Date(Date.now() + HOUR).toISOString(),
    })
    const xml = (await get('/sitemaps/journal.xml')).body
    expect(xml).toMatch(/<loc>https:\/\/jade\.example\/journal<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/)
    expect(xml).toContain(`<loc>https://jade.example/journal/${live.slug}</loc><lastmod>`)
    expect(xml).toContain('<loc>https://jade.example/journal/tag/bangle%20sizing</loc>')
    expect(xml).not.toContain(`/journal/${draft.slug}<`)
    expect(xml).not.toContain(`/journal/${later.slug}<`)
    expect(xml).not.toContain('hidden%20tag')
  })
})

describe('counting views', () => {
  const viewCount = async (id: number) =>
    (await t.handle.db.select({ views: blogPosts.viewCount }).from(blogPosts).where(eq(blogPosts.id, id)))[0]!
      .views

  it('counts each reader once, without a write per view, and shows the count after a flush', async () => {
    const post = await write({ title: 'Counted once per reader', published: true })
    const customer = await registerCustomer(t.app)
    const readers: Record<string, string>[] = [
      { 'user-agent': 'Mozilla/5.0 (iPhone) Safari' },
      { 'user-agent': 'Mozilla/5.0 (iPhone) Safari' },
      { 'user-agent': 'Mozilla/5.0 (Windows) Firefox' },
      { cookie: customer.cookie, 'user-agent': 'Mozilla/5.0 (Windows) Firefox' },
      { cookie: customer.cookie, 'user-agent': 'Mozilla/5.0 (Macintosh) Chrome' },
      { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
    ]
    for (const headers of readers) {
      expect((await get(`/api/blog/posts/${post.slug}`, headers)).statusCode).toBe(200)
    }
    // Nothing written yet: the views wait in memory for the batch.
    expect(await viewCount(post.id)).toBe(0)
    await t.app.journalViews.flush()
    // Safari, Firefox without a session, the customer's session (two browsers); not the crawler.
    expect(await viewCount(post.id)).toBe(3)
    expect((await get(`/api/blog/posts/${post.slug}`, readers[0])).json().viewCount).toBe(3)

    // The same readers again the same day: no more views.
    for (const headers of readers) await get(`/api/blog/posts/${post.slug}`, headers)
    await t.app.journalViews.flush()
    expect(await viewCount(post.id)).toBe(3)
  })

  it('keeps no session id or address, only a keyed hash', async () => {
    const rows = await t.handle.db.execute(sql`select visitor from blog_post_views`)
    const visitors = (
      (rows as unknown as { rows?: { visitor: string }[] }).rows ?? (rows as unknown as { visitor: string }[])
    ).map((row) => row.visitor)
    expect(visitors.length).toBeGreaterThan(0)
    for (const visitor of visitors) expect(visitor).toMatch(/^[A-Za-z0-9_-]{22}$/)
  })

  it('shows a view in viewCount within 10 seconds on its own', async () => {
    const post = await write({ title: 'Counted by the timer', published: true })
    await get(`/api/blog/posts/${post.slug}`, { 'user-agent': 'Timer reader' })
    const started = Date.now()
    while ((await viewCount(post.id)) === 0 && Date.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    expect(await viewCount(post.id)).toBe(1)
    expect(Date.now() - started).toBeLessThan(10_000)
  }, 15_000)

  it('does not count a post that cannot be read', async () => {
    const draft = await write({ title: 'Counted never' })
    expect((await get(`/api/blog/posts/${draft.slug}`)).statusCode).toBe(404)
    await t.app.journalViews.flush()
    expect(await viewCount(draft.id)).toBe(0)
  })
})

describe('several instances', () => {
  const silent = { warn: () => {} }

  it.runIf(process.env.TEST_DB_DRIVER === 'postgres')(
    'each flush their own batch; a reader seen by both counts once, and concurrent flushes lose nothing',
    async () => {
      const posts = await Promise.all(
        ['One', 'Two', 'Three'].map((name) =>
          write({ title: `Shared by instances ${name}`, published: true }),
        ),
      )
      // Two instances: the same database and session secret, counters of their own.
      const first = new ViewCounter(t.handle.db, t.config.sessionSecret, silent)
      const second = new ViewCounter(t.handle.db, t.config.sessionSecret, silent)
      const rounds = 12
      for (let round = 0; round < rounds; round += 1) {
        for (const post of posts) {
          // Reader `shared-n` reaches both instances; each instance also has a reader of its own.
          first.record(post.slug, { ip: '10.0.0.1', userAgent: `shared-${round}` })
          second.record(post.slug, { ip: '10.0.0.1', userAgent: `shared-${round}` })
          first.record(post.slug, { ip: '10.0.0.2', userAgent: `first-${round}` })
          second.record(post.slug, { ip: '10.0.0.3', userAgent: `second-${round}` })
        }
        // The two flush at the same moment, over the same posts, in opposite orders of arrival.
        await Promise.all([first.flush(), second.flush()])
      }
      const rows = await t.handle.db
        .select({ title: blogPosts.title, views: blogPosts.viewCount })
        .from(blogPosts)
        .where(sql`${blogPosts.title} like 'Shared by instances %'`)
      for (const row of rows) expect(row).toEqual({ title: row.title, views: rounds * 3 })
    },
  )
})
