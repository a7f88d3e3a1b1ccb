import { z } from 'zod'
import { listQuerySchema } from './admin-list'
import { storedImage } from './images'
import { strictObject } from './validation'

// The 'Share Your Experience' form (storefront.md §5) and the moderation screen (back-office.md §2).

export const TESTIMONIAL_LIMITS = { name: 100, content: 2000 } as const
export const NO_PRODUCT = '0'

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

export interface Testimonial {
  id: number
  customerName: string
  content: string
  rating: number
  productId: number | null
  /** null when there is no product or the piece has since been deleted ('Unknown Product'). */
  productName: string | null
  imageUrl: string | null
  approved: boolean
  createdAt: string
}

export const TESTIMONIAL_MESSAGES = {
  submitted: {
    title: 'Thank you for your feedback!',
    description: 'Your review has been submitted and is pending approval.',
  },
  submitFailedTitle: 'Submission failed',
  submitFailed: 'Failed to submit testimonial',
  unknownProduct: 'Unknown Product',
  approved: 'Testimonial has been approved and is now visible to customers.',
  deleted: 'Testimonial has been deleted.',
  approveFailed: 'Failed to approve testimonial',
  deleteFailed: 'Failed to delete testimonial',
  operationFailed: 'Operation failed',
  deleteConfirm:
    'This will permanently delete this testimonial from your database. This action cannot be undone.',
  emptyPending: 'No pending testimonials to review.',
  emptyApproved: 'No approved testimonials yet.',
  emptyAll: 'No testimonials have been submitted yet.',
  productMissing: 'This product is no longer available. Choose another or none.',
} as const

export const TESTIMONIAL_TABS = ['pending', 'approved', 'all'] as const
export type TestimonialTab = (typeof TESTIMONIAL_TABS)[number]
export const TESTIMONIAL_TAB_LABELS: Record<TestimonialTab, string> = {
  pending: 'Pending Review',
  approved: 'Approved',
  all: 'All Testimonials',
}

export const testimonialListQuerySchema = listQuerySchema.extend({
  // back-office.md §7: with no query, all testimonials; the screen's tabs always name theirs.
  status: z.enum(TESTIMONIAL_TABS, { error: 'Status must be pending, approved or all' }).default('all'),
})
export type TestimonialListQuery = z.output<typeof testimonialListQuerySchema>

export interface TestimonialPage {
  items: Testimonial[]
  total: number
  counts: Record<TestimonialTab, number>
}
