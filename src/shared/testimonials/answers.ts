import { z } from 'zod'
import { timestamp } from '../wire'

// The testimonials' answers. Zod-free pages name them by type alone (labels.ts).

export const testimonialAnswer = z.object({
  id: z.number().int(),
  customerName: z.string(),
  content: z.string(),
  rating: z.number().int(),
  productId: z.number().int().nullable(),
  /** null when there is no product or the piece has since been deleted ('Unknown Product'). */
  productName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  approved: z.boolean(),
  createdAt: timestamp,
})
export type Testimonial = z.input<typeof testimonialAnswer>

/** The moderation screen's page, with how many reviews each tab holds. */
export const testimonialPageAnswer = z.object({
  items: z.array(testimonialAnswer),
  total: z.number().int(),
  counts: z.object({ pending: z.number().int(), approved: z.number().int(), all: z.number().int() }),
})
export type TestimonialPage = z.input<typeof testimonialPageAnswer>
