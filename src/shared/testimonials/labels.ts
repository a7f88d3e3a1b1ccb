// What the storefront shows of testimonials, without zod: the review page's first load stays light
// (the form's schema, in schema.ts, loads with the form).

export const TESTIMONIAL_LIMITS = { name: 100, content: 2000 } as const
export const NO_PRODUCT = '0'

export type { Testimonial, TestimonialPage } from './answers'

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
