import { z } from 'zod'

export const newsletterSchema = z.object({
  email: z
    .string({ error: 'Please enter your email address' })
    .trim()
    .min(1, 'Please enter your email address')
    .pipe(z.email({ error: 'Please enter a valid email address' }).max(254))
    .transform((email) => email.toLowerCase()),
})
