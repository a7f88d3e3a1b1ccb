// Fills an empty shop with the demo catalogue on first start (DESIGN.md §3), so a fresh install
// shows a real storefront. SEED_DEMO=false turns it off.
import { sql } from 'drizzle-orm'
import { PRODUCT_CATEGORIES } from '../../../shared/catalog/rules'
import type { Database, DbOrTx } from '../../db/client'
import { categoryImages, products } from '../catalog/schema'
import { sales } from '../ledger/schema'
import type { FileStore } from '../media/file-store'
import { testimonials } from '../testimonials/schema'
import {
  DEMO_CATEGORY_DESCRIPTIONS,
  DEMO_JADE_TYPE,
  DEMO_ORIGIN,
  DEMO_PRODUCTS,
  DEMO_TESTIMONIALS,
} from './demo-catalog'
import { createDemoImages, type DemoImages } from './demo-images'
import { DEMO_POSTS } from './demo-journal'
import { seedDemoJournal } from './demo-journal-seed'

// Any number serves, as long as every instance uses the same one (and it differs from the
// migration lock in db/client.ts).
const SEED_LOCK_KEY = 727_003_2
const DAY_MS = 24 * 60 * 60 * 1000
const SOLD_DAYS_AGO = 12

async function hasProducts(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1)
  return rows.length > 0
}

/** Draws, rasterises and stores every picture the demo catalogue shows: the slow part of seeding. */
export const drawDemoImages = (store: FileStore): Promise<DemoImages> =>
  createDemoImages(
    DEMO_PRODUCTS.map((product) => product.artwork),
    PRODUCT_CATEGORIES,
    store,
    DEMO_POSTS.map((post) => post.banner),
  )

/**
 * Seeds the demo catalogue when the products table is empty; returns whether it did.
 * Several instances may start at once: each may draw the pictures (content-addressed files, so
 * writing them twice is harmless), but the inserts run under an advisory lock and re-check that the
 * table is still empty, so only one of them seeds. `draw` is how the pictures are made: instances
 * in one process (the race's test) may share one drawing.
 */
export async function seedDemoIfEmpty(
  db: Database,
  store: FileStore,
  log: (msg: string) => void = () => {},
  draw: (store: FileStore) => Promise<DemoImages> = drawDemoImages,
): Promise<boolean> {
  if (await hasProducts(db)) return false

  // The slow part, kept outside the transaction so no lock is held while sharp works.
  const started = performance.now()
  const images = await draw(store)
  log(`Demo images drawn and stored in ${Math.round(performance.now() - started)} ms`)

  const now = Date.now()
  const ago = (days: number) => new Date(now - days * DAY_MS)

  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    if (await hasProducts(tx)) return false

    const inserted = await tx
      .insert(products)
      .values(
        DEMO_PRODUCTS.map((product, index) => {
          const status = product.status ?? 'available'
          const listed = ago(product.listedDaysAgo)
          return {
            sku: product.sku,
            name: product.name,
            description: product.description,
            shortDescription: product.shortDescription,
            price: product.price,
            originalPrice: product.originalPrice ?? null,
            cost: product.cost,
            imageUrls: images.products[index]!,
            category: product.category,
            type: product.type,
            color: product.color,
            innerDiameterMm: product.innerDiameterMm ?? null,
            weight: product.weight,
            dimensions: product.dimensions,
            jadeType: DEMO_JADE_TYPE,
            origin: DEMO_ORIGIN,
            certification: product.certification,
            featured: product.featured ?? false,
            status,
            // A sold piece has none left. The reserved one keeps its unit: no seeded order holds
            // it, so an owner who releases the reservation gets a piece that can be bought again.
            stockQuantity: status === 'sold' ? 0 : (product.stockQuantity ?? 1),
            soldAt: status === 'sold' ? ago(SOLD_DAYS_AGO) : null,
            soldPrice: status === 'sold' ? product.price : null,
            createdAt: listed,
            updatedAt: status === 'sold' ? ago(SOLD_DAYS_AGO) : listed,
          }
        }),
      )
      .returning({
        id: products.id,
        sku: products.sku,
        price: products.price,
        cost: products.cost,
        status: products.status,
      })
    const idBySku = new Map(inserted.map((row) => [row.sku, row.id]))

    // The sold piece went in an offline sale, so the sales ledger and its profit are not empty either.
    const soldRows = inserted.filter((row) => row.status === 'sold')
    if (soldRows.length > 0) {
      await tx.insert(sales).values(
        soldRows.map((row) => ({
          productId: row.id,
          salePrice: row.price,
          cost: row.cost,
          profit: row.cost === null ? null : row.price - row.cost,
          paymentMethod: 'zelle' as const,
          customerName: 'Evelyn Tran',
          notes: 'Sold at the spring trunk show',
          saleDate: ago(SOLD_DAYS_AGO),
          source: 'manual' as const,
        })),
      )
    }

    // The owner may already have chosen category pictures: those stay.
    await tx
      .insert(categoryImages)
      .values(
        PRODUCT_CATEGORIES.map((category) => ({
          category,
          imageUrl: images.categories[category],
          description: DEMO_CATEGORY_DESCRIPTIONS[category],
        })),
      )
      .onConflictDoNothing({ target: categoryImages.category })

    await tx.insert(testimonials).values(
      DEMO_TESTIMONIALS.map((testimonial) => ({
        customerName: testimonial.customerName,
        content: testimonial.content,
        rating: testimonial.rating,
        approved: testimonial.approved,
        productId: idBySku.get(testimonial.productSku) ?? null,
        createdAt: ago(testimonial.daysAgo),
      })),
    )

    await seedDemoJournal(tx, idBySku, images.banners, now)
    return true
  })

  if (seeded) {
    log(
      `Demo catalogue seeded: ${DEMO_PRODUCTS.length} products in ${Math.round(performance.now() - started)} ms`,
    )
  }
  return seeded
}
