import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AdminPost, AdminPostPage } from '../../../shared/journal/admin-contract'
import { adminCookie, insertProduct } from '../../test/factories'
import { shopForFile } from '../../test/helpers'
import { blogPostProducts, blogPosts } from './schema'

// The back office's Journal through HTTP: creating, the slug rules, validation, tabs, editing and
// deleting. (Visitors and customers are refused by the admin scope: route-access.test.ts.)

const t = shopForFile({ env: { PUBLIC_URL: 'https://jade.example', PAYMENT_PROVIDER: 'test' } })
let owner: string
beforeAll(async () => {
  owner = await adminCookie(t.app, t.handle.db)
})

const HOUR = 60 * 60_000

const post = (fields: Record<string, unknown> = {}) => ({
  title: 'How to Measure a Bangle',
  content: 'Wrap a strip of paper around the widest part of your hand, with the thumb tucked in.',
  category: 'Guides',
  ...fields,
})

async function create(fields: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/blog/posts',
    headers: { cookie: owner },
    payload: post(fields),
  })
}

async function created(fields: Record<string, unknown> = {}): Promise<AdminPost> {
  const response = await create(fields)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

const list = async (query = '') =>
  (
    await t.app.inject({ method: 'GET', url: `/api/admin/blog/posts${query}`, headers: { cookie: owner } })
  ).json() as AdminPostPage

describe('writing a post', () => {
  it('creates a draft by the signed-in owner, its slug and reading time made by the server', async () => {
    const words = Array.from({ length: 450 }, (_, n) => `word${n}`).join(' ')
    const response = await create({
      title: 'Type A Jadeite: How to Tell It from Treated Jade',
      content: `${words}\n\n[The bangle](/product/1)`,
      tags: ['Type A', ' type  a ', 'Buying Guide'],
      metaDescription: 'Untreated jadeite, explained.',
    })
    expect(response.statusCode).toBe(201)
    const body = response.json() as AdminPost
    expect(body).toMatchObject({
      title: 'Type A Jadeite: How to Tell It from Treated Jade',
      slug: 'type-a-jadeite-how-to-tell-it-from-treated-jade',
      category: 'Guides',
      published: false,
      publishedAt: null,
      state: 'draft',
      // 452 words at 200 a minute.
      readingTime: 3,
      viewCount: 0,
      authorName: null,
      tags: ['type a', 'buying guide'],
      metaDescription: 'Untreated jadeite, explained.',
      excerpt: null,
      featuredImage: null,
    })
    expect(body.authorId).toEqual(expect.any(Number))
  })

  it('splits tags typed with commas, and signs the story with its byline, never the login name', async () => {
    const unsigned = await created({ tags: ['celadon, bangles', 'Care'] })
    expect(unsigned.tags).toEqual(['celadon', 'bangles', 'care'])
    expect(unsigned).toMatchObject({ byline: null, authorName: null })
    const signed = await created({ title: 'Signed', byline: '  Mei Lin, gemologist  ' })
    expect(signed).toMatchObject({ byline: 'Mei Lin, gemologist', authorName: 'Mei Lin, gemologist' })
    const tooLong = await create({ byline: 'x'.repeat(81) })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().errors).toContainEqual({
      field: 'byline',
      message: 'Byline must be at most 80 characters',
    })
  })

  it('reads a short post as one minute', async () => {
    expect(
      (await created({ title: 'A short note', content: 'Jade is cool to the touch.' })).readingTime,
    ).toBe(1)
  })

  it('publishes now when published without a time, and schedules a future time', async () => {
    const before = Date.now()
    const now = await created({ title: 'Published now', published: true })
    expect(now.state).toBe('published')
    expect(Date.parse(now.publishedAt!)).toBeGreaterThanOrEqual(before - 1000)
    const later = new Date(Date.now() + 24 * HOUR).toISOString()
    const scheduled = await created({ title: 'Published tomorrow', published: true, publishedAt: later })
    expect(scheduled).toMatchObject({ state: 'scheduled', publishedAt: later })
  })

  it('refuses missing fields with a 400 naming each', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/posts',
      headers: { cookie: owner },
      payload: {},
    })
    expect(response.statusCode).toBe(400)
    const fields = (response.json().errors as { field: string }[]).map((error) => error.field).sort()
    expect(fields).toEqual(['category', 'content', 'title'])
  })

  it.each([
    [{ title: 'Hi' }, 'title', 'Title must be at least 3 characters'],
    [{ title: 'x'.repeat(201) }, 'title', 'Title must be at most 200 characters'],
    [{ content: 'Too short' }, 'content', 'Content must be at least 10 characters'],
    [{ category: '  ' }, 'category', 'Category is required'],
    [
      { metaDescription: 'm'.repeat(161) },
      'metaDescription',
      'Meta description must be at most 160 characters',
    ],
    [{ slug: 'Not A Slug' }, 'slug', 'Slug may contain only lowercase letters, numbers and single hyphens'],
    [
      { slug: 'double--hyphen' },
      'slug',
      'Slug may contain only lowercase letters, numbers and single hyphens',
    ],
    [{ slug: '-edge' }, 'slug', 'Slug may contain only lowercase letters, numbers and single hyphens'],
    [
      { featuredImage: 'javascript:alert(1)' },
      'featuredImage',
      'Upload the featured image, or enter an http(s) address',
    ],
    [{ publishedAt: 'tomorrow' }, 'publishedAt', 'Publication time must be a date and time'],
    [{ tags: Array.from({ length: 13 }, (_, n) => `tag ${n}`) }, 'tags', 'At most 12 tags'],
    [{ nonsense: true }, '', 'Unknown field: nonsense'],
  ])('refuses %j', async (fields, field, message) => {
    const response = await create(fields)
    expect(response.statusCode).toBe(400)
    const body = response.json() as { message: string; errors?: { field: string; message: string }[] }
    expect(body.message).toBe(message)
    if (field) expect(body.errors).toContainEqual({ field, message })
  })

  it('answers 409 on the slug field for a slug another post has, and numbers generated ones', async () => {
    await created({ title: 'Caring for Jade', slug: 'caring-for-jade' })
    const taken = await create({ title: 'Another care note', slug: 'caring-for-jade' })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toEqual({
      message: 'This slug is already used by another post',
      errors: [{ field: 'slug', message: 'This slug is already used by another post' }],
    })
    expect((await created({ title: 'Caring for Jade' })).slug).toBe('caring-for-jade-2')
    expect((await created({ title: 'Caring for jade!' })).slug).toBe('caring-for-jade-3')
    // Nothing half-written: the refused post is not there.
    const rows = await t.handle.db.select().from(blogPosts).where(eq(blogPosts.title, 'Another care note'))
    expect(rows).toHaveLength(0)
  })

  it('makes a slug of a title without Latin letters', async () => {
    expect((await created({ title: '翡翠 · 玉' })).slug).toMatch(/^post(-\d+)?$/)
    expect((await created({ title: 'Café & Crème' })).slug).toBe('cafe-and-creme')
  })
})

describe('editing a post', () => {
  it('saves every field, keeps the slug when none is sent, and answers 409 for a taken one', async () => {
    const draft = await created({ title: 'Stories of a Lavender Bangle' })
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/blog/posts/${draft.id}`,
      headers: { cookie: owner },
      payload: post({
        title: 'The Story of a Lavender Bangle',
        content: 'It came from a boulder the size of a suitcase, cut in Mandalay in the spring.',
        category: 'Stories',
        excerpt: 'From boulder to bangle.',
        tags: ['Lavender'],
        published: true,
      }),
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      id: draft.id,
      title: 'The Story of a Lavender Bangle',
      slug: 'stories-of-a-lavender-bangle',
      category: 'Stories',
      excerpt: 'From boulder to bangle.',
      tags: ['lavender'],
      state: 'published',
    })
    const taken = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/blog/posts/${draft.id}`,
      headers: { cookie: owner },
      payload: post({ slug: 'caring-for-jade' }),
    })
    expect(taken.statusCode).toBe(409)
    const [row] = await t.handle.db.select().from(blogPosts).where(eq(blogPosts.id, draft.id))
    expect(row!.slug).toBe('stories-of-a-lavender-bangle')
  })

  it('unpublishes, keeping the time it was published for a later republish', async () => {
    const live = await created({ title: 'Live for a while', published: true })
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/blog/posts/${live.id}`,
      headers: { cookie: owner },
      payload: post({ title: 'Live for a while', published: false, publishedAt: live.publishedAt }),
    })
    expect(response.json()).toMatchObject({ state: 'draft', published: false, publishedAt: live.publishedAt })
  })

  it('records the pieces the text links to, in order, and forgets those it no longer names', async () => {
    const bangle = await insertProduct(t.handle.db, { name: 'Bangle' })
    const ring = await insertProduct(t.handle.db, { name: 'Ring' })
    const story = await created({
      content: `The [ring](https://jade.example/product/${ring.id}) and the [bangle](/product/${bangle.id}); [lost](/product/999999).`,
    })
    const links = async () =>
      (
        await t.handle.db
          .select()
          .from(blogPostProducts)
          .where(eq(blogPostProducts.postId, story.id))
          .orderBy(blogPostProducts.position)
      ).map((link) => link.productId)
    expect(await links()).toEqual([ring.id, bangle.id])
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/blog/posts/${story.id}`,
      headers: { cookie: owner },
      payload: post({ slug: story.slug, content: `Only the [bangle](/product/${bangle.id}) now.` }),
    })
    expect(await links()).toEqual([bangle.id])
  })

  it('answers 404 for a post that does not exist', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/admin/blog/posts/999999',
        headers: { cookie: owner },
        ...(method === 'PUT' ? { payload: post() } : {}),
      })
      expect({ method, status: response.statusCode }).toEqual({ method, status: 404 })
    }
  })

  it('deletes a post and the pieces it linked', async () => {
    const piece = await insertProduct(t.handle.db)
    const doomed = await created({ content: `About [this piece](/product/${piece.id}), briefly.` })
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/blog/posts/${doomed.id}`,
      headers: { cookie: owner },
    })
    expect(response.json()).toEqual({ message: 'Post deleted' })
    const get = await t.app.inject({
      method: 'GET',
      url: `/api/admin/blog/posts/${doomed.id}`,
      headers: { cookie: owner },
    })
    expect(get.statusCode).toBe(404)
    expect(
      await t.handle.db.select().from(blogPostProducts).where(eq(blogPostProducts.postId, doomed.id)),
    ).toEqual([])
  })
})

describe('the owner’s list', () => {
  it('has Published, Scheduled and Drafts tabs with counts, searched and paged in SQL', async () => {
    const marker = `Tabs ${Date.now()}`
    await created({ title: `${marker} draft` })
    await created({ title: `${marker} live`, published: true })
    await created({
      title: `${marker} later`,
      published: true,
      publishedAt: new Date(Date.now() + HOUR).toISOString(),
    })
    const all = await list(`?search=${encodeURIComponent(marker.toLowerCase())}`)
    expect(all.counts).toEqual({ all: 3, published: 1, scheduled: 1, drafts: 1 })
    expect(all.total).toBe(3)
    for (const [tab, state] of [
      ['published', 'published'],
      ['scheduled', 'scheduled'],
      ['drafts', 'draft'],
    ] as const) {
      const page = await list(`?status=${tab}&search=${encodeURIComponent(marker)}`)
      expect(page.items.map((item) => item.state)).toEqual([state])
      expect(page.total).toBe(1)
    }
    const paged = await list(`?search=${encodeURIComponent(marker)}&pageSize=2&page=2&sort=title-asc`)
    expect(paged.items.map((item) => item.title)).toEqual([`${marker} live`])
    expect(paged.total).toBe(3)
    expect(all.categories).toContain('Guides')
    expect('content' in (all.items[0] ?? {})).toBe(false)
  })

  it('refuses an unknown tab or sort', async () => {
    for (const query of ['?status=archived', '?sort=random']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/blog/posts${query}`,
        headers: { cookie: owner },
      })
      expect(response.statusCode).toBe(400)
    }
  })

  it('counts the posts for the dashboard', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/blog/summary',
      headers: { cookie: owner },
    })
    const summary = response.json()
    const page = await list()
    expect(summary).toEqual({
      posts: page.counts.all,
      published: page.counts.published,
      scheduled: page.counts.scheduled,
      drafts: page.counts.drafts,
    })
  })
})
