// The catalogue: the pieces for sale and the pictures of their categories.
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { PRODUCT_STATUSES, PRODUCT_TYPES } from '../../../shared/catalog/rules'
import { createdAt, inList, updatedAt } from '../../db/columns'

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    shortDescription: text('short_description').notNull(),
    price: integer('price').notNull(),
    originalPrice: integer('original_price'),
    cost: integer('cost'),
    imageUrls: text('image_urls').array().notNull().default(sql`'{}'::text[]`),
    /** Alt text per image, in the order of image_urls; '' means the product's name. */
    imageAlts: text('image_alts').array().notNull().default(sql`'{}'::text[]`),
    category: text('category').notNull(),
    type: text('type', { enum: PRODUCT_TYPES }).notNull().default('other'),
    color: text('color').notNull(),
    innerDiameterMm: integer('inner_diameter_mm'),
    weight: text('weight'),
    dimensions: text('dimensions'),
    jadeType: text('jade_type'),
    origin: text('origin'),
    certification: text('certification'),
    /** The certificate of authenticity's image (the file store's URL), beside `certification`. */
    certificateUrl: text('certificate_url'),
    featured: boolean('featured').notNull().default(false),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('available'),
    stockQuantity: integer('stock_quantity').notNull().default(1),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    soldPrice: integer('sold_price'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_original_price_check', sql`${t.originalPrice} is null or ${t.originalPrice} >= 0`),
    check('products_cost_check', sql`${t.cost} is null or ${t.cost} >= 0`),
    check('products_sold_price_check', sql`${t.soldPrice} is null or ${t.soldPrice} >= 0`),
    check('products_stock_check', sql`${t.stockQuantity} >= 0`),
    check('products_inner_diameter_check', sql`${t.innerDiameterMm} is null or ${t.innerDiameterMm} > 0`),
    check('products_status_check', inList('status', PRODUCT_STATUSES)),
    check('products_type_check', inList('type', PRODUCT_TYPES)),
    // No index names a column that a sale changes (status, stock, sold_at, sold_price, updated_at):
    // checkout's update of a piece is then a HOT update, which writes none of these indexes, the
    // search's trigram index above all (migration 0018; products-hot-updates.test.ts).
    index('products_featured_idx').on(t.id).where(sql`${t.featured}`),
    index('products_category_idx').on(sql`lower(${t.category})`),
    // The back office lists newest first.
    index('products_created_idx').on(t.createdAt),
  ],
)

export const categoryImages = pgTable('category_images', {
  id: serial('id').primaryKey(),
  category: text('category').notNull().unique(),
  imageUrl: text('image_url').notNull(),
  description: text('description'),
})
