import { z } from 'zod'
import { endpoint } from '../contract'
import { messageAnswer } from '../wire'
import { testimonialPageAnswer } from './answers'
import { testimonialListQuerySchema } from './schema'

const testimonialParams = z.object({
  id: z.coerce.number({ error: 'Testimonial not found' }).int().positive(),
})

/** The moderation screen's calls. */
export const testimonialsAdminContract = {
  list: endpoint({
    method: 'GET',
    permission: 'community:moderate',
    path: '/api/admin/testimonials',
    querystring: testimonialListQuerySchema,
    response: { 200: testimonialPageAnswer },
  }),
  approve: endpoint({
    method: 'PATCH',
    permission: 'community:moderate',
    path: '/api/admin/testimonials/:id/approve',
    params: testimonialParams,
    response: { 200: messageAnswer },
  }),
  remove: endpoint({
    method: 'DELETE',
    permission: 'community:moderate',
    path: '/api/admin/testimonials/:id',
    params: testimonialParams,
    response: { 200: messageAnswer },
  }),
}
