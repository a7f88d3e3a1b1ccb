import { existsSync } from 'node:fs'
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { SweepRunner } from '../../jobs/runner'
import { adminCookie, insertProduct } from '../../test/factories'
import { shopForFile } from '../../test/helpers'
import { multipartBody, pngOf } from '../../test/multipart'
import { unusedTestimonialPhotos } from './photo-sweep'
import { testimonialUploads } from './schema'

const t = shopForFile()
let admin: string
let productId: number
beforeAll(async () => {
  admin = await adminCookie(t.app, t.handle.db)
  productId = (await insertProduct(t.handle.db, { name: 'Imperial Green Bangle' })).id
})

const review = {
  customerName: 'Mei Lin',
  content: 'The bangle is even more beautiful in person.',
  rating: 5,
  productId: '0',
}

const submit = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/testimonials', payload })
const publicList = async () => (await t.app.inject({ method: 'GET', url: '/api/testimonials' })).json()
const moderation = (status = 'all') =>
  t.app.inject({ method: 'GET', url: `/api/admin/testimonials?status=${status}`, headers: { cookie: admin } })
const approve = (id: number, cookie = admin) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/testimonials/${id}/approve`, headers: { cookie } })
const remove = (id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/testimonials/${id}`, headers: { cookie: admin } })

async function upload(files: { name: string; data: Buffer; type: string }[], field = 'image') {
  const { payload, headers } = await multipartBody(files.map((file) => ({ field, ...file })))
  return t.app.inject({ method: 'POST', url: '/api/testimonials/upload', payload, headers })
}

describe('submitting a review', () => {
  it('stores it unapproved: hidden until the owner approves it', async () => {
    const response = await submit({ ...review, productId: String(productId) })
    expect(response.statusCode).toBe(201)
    expect(response.json().message).toBe('Your review has been submitted and is pending approval.')
    const { id } = response.json().testimonial
    expect((await publicList()).map((item: { id: number }) => item.id)).not.toContain(id)
    const pending = (await moderation('pending')).json()
    expect(pending.items[0]).toMatchObject({ id, approved: false, productName: 'Imperial Green Bangle' })
    expect(pending.counts).toMatchObject({ pending: 1, approved: 0, all: 1 })

    expect((await approve(id)).json().message).toBe(
      'Testimonial has been approved and is now visible to customers.',
    )
    const shown = await publicList()
    expect(shown[0]).toMatchObject({ id, customerName: 'Mei Lin', rating: 5, productId, approved: true })
    const ofProduct = await t.app.inject({ method: 'GET', url: `/api/testimonials?productId=${productId}` })
    expect(ofProduct.json()).toHaveLength(1)
    expect((await moderation('approved')).json().items.map((item: { id: number }) => item.id)).toEqual([id])
  })

  it('is listed with every other testimonial when the moderation list is asked with no query (back-office.md §7)', async () => {
    const approved = (await submit({ ...review, customerName: 'Approved Reviewer' })).json().testimonial
    await approve(approved.id)
    const pending = (await submit({ ...review, customerName: 'Pending Reviewer' })).json().testimonial
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/testimonials',
      headers: { cookie: admin },
    })
    expect(response.statusCode).toBe(200)
    const ids = response.json().items.map((item: { id: number }) => item.id)
    expect(ids).toEqual(expect.arrayContaining([approved.id, pending.id]))
    expect(response.json().total).toBe(response.json().counts.all)
  })

  it('answers each rule with the specification message; rating is 1 to 5, default 5', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...review, customerName: 'M' }, 'customerName', 'Name must be at least 2 characters.'],
      [{ ...review, content: 'Too short' }, 'content', 'Review must be at least 10 characters.'],
      [{ ...review, rating: 0 }, 'rating', 'Rating must be between 1 and 5.'],
      [{ ...review, rating: 6 }, 'rating', 'Rating must be between 1 and 5.'],
      [{ ...review, rating: 4.5 }, 'rating', 'Rating must be between 1 and 5.'],
      [{ ...review, approved: true }, '', 'Unknown field: approved'],
      [{ ...review, imageUrl: 'https://evil.example/x.png' }, 'imageUrl', 'Upload the photo with the form.'],
    ]
    for (const [payload, field, message] of cases) {
      const response = await submit(payload)
      expect({ field, status: response.statusCode }).toEqual({ field, status: 400 })
      expect(response.json().errors).toContainEqual({ field, message })
    }
    const missing = await submit({ ...review, productId: 999_999 })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors[0].field).toBe('productId')
    const { rating: _rating, ...withoutRating } = review
    const defaulted = await submit(withoutRating)
    expect(defaulted.json().testimonial).toMatchObject({ rating: 5, productId: null, approved: false })
  })

  it('keeps a script as text', async () => {
    const script = '<script>alert("x")</script> lovely piece'
    const { testimonial } = (await submit({ ...review, customerName: script, content: script })).json()
    await approve(testimonial.id)
    const shown = (await publicList()).find((item: { id: number }) => item.id === testimonial.id)
    expect(shown.content).toBe(script)
  })
})

describe('the photo upload', () => {
  it('stores one re-encoded WebP photo and the review keeps it; deleting the review removes the files', async () => {
    const response = await upload([{ name: 'me.png', data: await pngOf('#12ab34', 500), type: 'image/png' }])
    expect(response.statusCode).toBe(200)
    const [url] = response.json().files as string[]
    expect(url).toMatch(/^\/uploads\/[A-Za-z0-9_]+-\d+\.webp$/)
    const { testimonial } = (await submit({ ...review, imageUrl: url })).json()
    expect(testimonial.imageUrl).toBe(url)
    const file = path.join(t.config.dataDir, 'uploads', url!.replace('/uploads/', ''))
    expect(existsSync(file)).toBe(true)
    expect((await remove(testimonial.id)).json().message).toBe('Testimonial has been deleted.')
    expect(existsSync(file)).toBe(false)
    expect((await remove(testimonial.id)).statusCode).toBe(404)
    expect((await approve(testimonial.id)).statusCode).toBe(404)
  })

  it('sweeps the photos no review uses a day after they were uploaded, and no other', async () => {
    const photo = async (color: string) => {
      const response = await upload([{ name: 'p.png', data: await pngOf(color, 400), type: 'image/png' }])
      const [url] = response.json().files as string[]
      return { url: url!, file: path.join(t.config.dataDir, 'uploads', url!.replace('/uploads/', '')) }
    }
    const abandoned = await photo('#a1b2c3')
    const used = await photo('#c3b2a1')
    const fresh = await photo('#b2c3a1')
    await submit({ ...review, imageUrl: used.url })
    // The first two were uploaded a day and more ago; the last a moment ago (a review being written).
    await t.handle.db
      .update(testimonialUploads)
      .set({ uploadedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(inArray(testimonialUploads.imageUrl, [abandoned.url, used.url]))
    const sweeper = new SweepRunner({
      db: t.handle.db,
      sweeps: [unusedTestimonialPhotos(t.app.files)],
      log: { info: () => {}, warn: () => {} },
    })
    expect(await sweeper.runOnce()).toEqual({ 'unused testimonial photos': 2 })
    expect(existsSync(abandoned.file)).toBe(false)
    expect(existsSync(used.file)).toBe(true)
    expect(existsSync(fresh.file)).toBe(true)
    // The hourly sweeper of the app runs it too.
    expect(Object.keys((await t.app.sweeper.runOnce())!)).toContain('unused testimonial photos')
  })

  it('checks the content, not the name, with the specification messages', async () => {
    const fake = await upload([
      { name: 'photo.png', data: Buffer.from('<html>not an image</html>'), type: 'image/png' },
    ])
    expect(fake.statusCode).toBe(415)
    expect(fake.json().message).toBe('photo.png is not an image file.')
    const big = await upload([
      { name: 'huge.png', data: Buffer.alloc(5 * 1024 * 1024 + 10, 1), type: 'image/png' },
    ])
    expect(big.statusCode).toBe(413)
    expect(big.json().message).toBe('huge.png exceeds the 5MB size limit.')
  })

  it('takes one photo at a time', async () => {
    const two = await upload([
      { name: 'a.png', data: await pngOf('#111111'), type: 'image/png' },
      { name: 'b.png', data: await pngOf('#222222'), type: 'image/png' },
    ])
    expect(two.statusCode).toBe(413)
  })
})

describe('moderation', () => {
  it('is for administrators only and 404s an unknown id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/testimonials' })).statusCode).toBe(401)
    expect((await approve(987_654)).statusCode).toBe(404)
    expect((await remove(987_654)).statusCode).toBe(404)
  })
})
