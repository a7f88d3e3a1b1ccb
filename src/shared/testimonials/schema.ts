import { z } from 'zod'
import { listQuerySchema } from '../admin/list'
import { storedImage } from '../media/images'
import { strictObject } from '../validation'
import { NO_PRODUCT, TESTIMONIAL_LIMITS, TESTIMONIAL_TABS } from './labels'

export * from './labels'

// The 'Share Your Experience' form (storefront.md §5) and the moderation screen (back-office.md §2).

export const testimonialSchema = strictObject({
  customerName: z
    .string({ error: 'Name must be at least 2 characters.' })
    .trim()
    .min(2, 'Name must be at least 2 characters.')
    .max(TESTIMONIAL_LIMITS.name, `Name must be at most ${TESTIMONIAL_LIMITS.name} characters.`),
  content: z
    .string({ error: 'Review must be at least 10 characters.' })
    .trim()
    .min(10, 'Review must be at least 10 characters.')
    .max(
      TESTIMONIAL_LIMITS.content,
      `Review must be at most ${TESTIMONIAL_LIMITS.content.toLocaleString('en-US')} characters.`,
    ),
  rating: z.coerce
    .number({ error: 'Rating must be between 1 and 5.' })
    .int('Rating must be between 1 and 5.')
    .min(1, 'Rating must be between 1 and 5.')
    .max(5, 'Rating must be between 1 and 5.')
    .default(5),
  // The form's product picker sends an id as text, '0' for none; the API takes a number too.
  productId: z
    .union([z.string(), z.number()], { error: 'Choose a product from the list.' })
    .nullish()
    .transform((value) =>
      value == null || value === '' || String(value) === NO_PRODUCT ? null : Number(value),
    )
    .pipe(
      z
        .number()
        .int('Choose a product from the list.')
        .positive('Choose a product from the list.')
        .nullable(),
    ),
  // Only a photo our own upload stored: a review never points at someone else's server.
  imageUrl: z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || storedImage(value) !== undefined, 'Upload the photo with the form.'),
})
export type TestimonialInput = z.input<typeof testimonialSchema>

export const testimonialListQuerySchema = listQuerySchema.extend({
  // back-office.md §7: with no query, all testimonials; the screen's tabs always name theirs.
  status: z.enum(TESTIMONIAL_TABS, { error: 'Status must be pending, approved or all' }).default('all'),
})
export type TestimonialListQuery = z.output<typeof testimonialListQuerySchema>
