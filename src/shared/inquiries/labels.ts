// What the contact page needs of inquiries, without zod: the schema (schema.ts) loads only when
// the form is first checked.

export const INQUIRY_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const

/**
 * The hidden field bots fill in and people never see. A message that carries it is answered like
 * any other and dropped: telling a bot it was caught only teaches it.
 */
export const HONEYPOT_FIELD = 'website'

export const INQUIRY_MESSAGES = {
  sent: { title: 'Message Sent', description: "Thank you for your inquiry. We'll get back to you soon." },
  failed: { title: 'Error', description: 'Failed to send your message. Please try again later.' },
  deleteConfirm: 'Are you sure you want to delete this inquiry? This action cannot be undone.',
  markedRead: 'Inquiry marked as read',
  deleted: 'Inquiry deleted successfully',
  loadFailed: 'Failed to load inquiries',
  markReadFailed: 'Failed to mark inquiry as read',
  deleteFailed: 'Failed to delete inquiry',
  empty: 'No inquiries found',
  emptySearch: (term: string) => `No inquiries found matching "${term}"`,
} as const
