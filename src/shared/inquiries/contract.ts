import { endpoint } from '../contract'
import { messageAnswer } from '../wire'
import { inquirySchema } from './schema'

// The contact form's call; the inbox's are the back office's (admin-contract.ts).
export const inquiriesContract = {
  send: endpoint({
    method: 'POST',
    path: '/api/inquiries',
    body: inquirySchema,
    response: { 201: messageAnswer },
  }),
}
