import { z } from 'zod'
import { endpoint } from '../contract'
import { testimonialAnswer } from './answers'
import { testimonialSchema } from './schema'

/** The shopper's calls: approved reviews, a new review, its one photo. */
export const testimonialsContract = {
  list: endpoint({
    method: 'GET',
    path: '/api/testimonials',
    querystring: z.object({
      productId: z.coerce.number({ error: 'Product not found' }).int().positive().optional(),
    }),
    response: { 200: z.array(testimonialAnswer) },
  }),
  submit: endpoint({
    method: 'POST',
    path: '/api/testimonials',
    body: testimonialSchema,
    response: { 201: z.object({ message: z.string(), testimonial: testimonialAnswer }) },
  }),
  /** Multipart (`image`); its body is read by the upload, not by a schema. */
  upload: endpoint({
    method: 'POST',
    path: '/api/testimonials/upload',
    response: { 200: z.object({ files: z.array(z.string()) }) },
  }),
}
