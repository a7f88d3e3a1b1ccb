import { z } from 'zod'
import { JADE_TYPES, ORIGINS, PRODUCT_STATUSES, PRODUCT_TYPES, SHORT_DESCRIPTION_MAX } from './catalog'

// The back office's product rules (back-office.md §5), shared by its form and the API.
// Prices travel in cents; the form converts the dollars it shows.

const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null)

const optionalCents = z
  .number()
  .int()
  .min(0)
  .nullish()
  .transform((value) => value ?? null)

export const productInputSchema = z.object({
  sku: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9-]*$/, 'SKU may contain only letters, digits and dashes')
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : null)),
  name: z
    .string({ error: 'Name must be at least 3 characters' })
    .trim()
    .min(3, 'Name must be at least 3 characters')
    .max(120),
  description: z
    .string({ error: 'Description must be at least 10 characters' })
    .trim()
    .min(10, 'Description must be at least 10 characters')
    .max(5000),
  shortDescription: z
    .string({ error: 'Short description must be at least 5 characters' })
    .trim()
    .min(5, 'Short description must be at least 5 characters')
    .max(SHORT_DESCRIPTION_MAX, 'Short description must be less than 100 characters'),
  price: z
    .number({ error: 'Price must be at least $0.01' })
    .int('Price must be a whole number of cents')
    .min(1, 'Price must be at least $0.01'),
  originalPrice: optionalCents,
  cost: optionalCents,
  imageUrls: z
    .array(z.string().trim().min(1).max(2000), { error: 'At least one image is required' })
    .min(1, 'At least one image is required')
    .max(20),
  category: z
    .string({ error: 'Category is required' })
    .trim()
    .min(1, 'Category is required')
    .max(40)
    .transform((value) => value.toLowerCase()),
  type: z.enum(PRODUCT_TYPES, { error: 'Product type is required' }).default('other'),
  color: z.string({ error: 'Color is required' }).trim().min(1, 'Color is required').max(40).default('green'),
  innerDiameterMm: z
    .number()
    .int()
    .min(1)
    .max(200)
    .nullish()
    .transform((value) => value ?? null),
  weight: optionalText(),
  dimensions: optionalText(),
  jadeType: z.enum(JADE_TYPES).default('Type A'),
  origin: z.enum(ORIGINS).default('Myanmar'),
  certification: optionalText(500),
  featured: z.boolean().default(false),
  status: z
    .enum(PRODUCT_STATUSES, { error: 'Status must be available, sold, reserved or draft' })
    .default('available'),
  stockQuantity: z.number().int().min(0).max(10_000).default(1),
})
export type ProductInput = z.input<typeof productInputSchema>
export type ProductData = z.output<typeof productInputSchema>

/** Mark as Sold from the products table: the price it went for is optional. */
export const markSoldSchema = z.object({ soldPrice: z.number().int().min(0).nullish() }).nullish()

/** WJ-{first 2 letters of category}{first 2 letters of color}-{last 4 digits of the timestamp}. */
export function generateSku(category: string, color: string, now = Date.now()): string {
  const letters = (word: string) => word.replace(/[^a-z]/gi, '').slice(0, 2)
  return `WJ-${letters(category)}${letters(color)}-${String(now).slice(-4)}`.toUpperCase()
}
