// Testimonials and the photos shoppers upload for them.
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { products } from '../catalog/schema'

export const testimonials = pgTable(
  'testimonials',
  {
    id: serial('id').primaryKey(),
    customerName: text('customer_name').notNull(),
    content: text('content').notNull(),
    rating: integer('rating').notNull(),
    approved: boolean('approved').notNull().default(false),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
  },
  (t) => [
    check('testimonials_rating_check', sql`${t.rating} between 1 and 5`),
    index('testimonials_approved_idx').on(t.approved),
  ],
)

/**
 * Photos shoppers uploaded for a review, by when: the upload comes before the review is sent, so a
 * photo no review uses a day later was abandoned and is swept (testimonials/photo-sweep.ts).
 */
export const testimonialUploads = pgTable(
  'testimonial_uploads',
  {
    imageUrl: text('image_url').primaryKey(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('testimonial_uploads_uploaded_idx').on(t.uploadedAt)],
)
