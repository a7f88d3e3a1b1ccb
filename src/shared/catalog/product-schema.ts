import { z } from 'zod'
import { isImageUrl } from '../media/image-files'
import { centsToDollars } from '../money'
import { nullableText, optionalDollars, requiredDollars, strictObject } from '../validation'
import type { AdminProduct } from './admin-schema'
import {
  JADE_TYPES,
  ORIGINS,
  PRODUCT_CATEGORIES,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  SHORT_DESCRIPTION_MAX,
} from './rules'

// The back office's product rules (back-office.md §5), shared by its form and the API. Prices
// travel in cents; the form shows dollars and converts with the same rules.

export const MAX_PRODUCT_IMAGES = 20
export const IMAGE_ALT_MAX = 200

const optionalCents = z
  .number({ error: 'Amounts are in cents' })
  .int('Amounts are whole cents')
  .min(0)
  .nullish()
  .transform((value) => value ?? null)

const innerDiameter = z
  .number({ error: 'Inner diameter is a number of millimetres' })
  .int('Inner diameter is a whole number of millimetres')
  .min(30, 'Inner diameter must be at least 30 mm')
  .max(120, 'Inner diameter must be at most 120 mm')
  .nullish()

const productFields = {
  sku: z
    .string()
    .trim()
    .max(40, 'SKU must be at most 40 characters')
    .regex(/^[A-Za-z0-9-]*$/, 'SKU may contain only letters, digits and dashes')
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : null)),
  name: z
    .string({ error: 'Name must be at least 3 characters' })
    .trim()
    .min(3, 'Name must be at least 3 characters')
    .max(120, 'Name must be at most 120 characters'),
  description: z
    .string({ error: 'Description must be at least 10 characters' })
    .trim()
    .min(10, 'Description must be at least 10 characters')
    .max(5000, 'Description must be at most 5000 characters'),
  shortDescription: z
    .string({ error: 'Short description must be at least 5 characters' })
    .trim()
    .min(5, 'Short description must be at least 5 characters')
    .max(SHORT_DESCRIPTION_MAX, 'Short description must be less than 100 characters'),
  imageUrls: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'Please enter an image URL')
        .max(2000)
        .refine(isImageUrl, 'Please enter a valid URL'),
      {
        error: 'At least one image is required',
      },
    )
    .min(1, 'At least one image is required')
    .max(MAX_PRODUCT_IMAGES, `At most ${MAX_PRODUCT_IMAGES} images`),
  /** Alt text per image, in the order of imageUrls; blank means "the product's name". */
  imageAlts: z
    .array(z.string().trim().max(IMAGE_ALT_MAX, `Alt text must be at most ${IMAGE_ALT_MAX} characters`))
    .max(MAX_PRODUCT_IMAGES)
    .default([]),
  category: z
    .string({ error: 'Category is required' })
    .trim()
    .toLowerCase()
    .pipe(z.enum(PRODUCT_CATEGORIES, { error: 'Category is required' })),
  type: z.enum(PRODUCT_TYPES, { error: 'Product type is required' }).default('other'),
  color: z.string({ error: 'Color is required' }).trim().min(1, 'Color is required').max(40).default('green'),
  weight: nullableText(),
  dimensions: nullableText(),
  jadeType: z.enum(JADE_TYPES, { error: 'Choose a jade type' }).default('Type A'),
  origin: z.enum(ORIGINS, { error: 'Choose an origin' }).default('Myanmar'),
  certification: nullableText(500),
  certificateUrl: nullableText(2000).refine(
    (url) => url === null || isImageUrl(url),
    'Please upload the certificate as an image',
  ),
  featured: z.boolean().default(false),
  status: z
    .enum(PRODUCT_STATUSES, { error: 'Status must be available, sold, reserved or draft' })
    .default('available'),
  stockQuantity: z
    .number({ error: 'Stock is a whole number' })
    .int('Stock is a whole number')
    .min(0, 'Stock cannot be negative')
    .max(10_000)
    .default(1),
}

/** Checks that apply however the product arrived (API or form), once its fields have parsed. */
function productRules<T extends { imageUrls: string[]; imageAlts: string[]; type: string }>(
  product: T & { innerDiameterMm: number | null },
  context: z.RefinementCtx,
) {
  if (product.imageAlts.length > product.imageUrls.length)
    context.addIssue({
      code: 'custom',
      path: ['imageAlts'],
      message: 'There is alt text for a missing image',
    })
  if (new Set(product.imageUrls).size !== product.imageUrls.length)
    context.addIssue({ code: 'custom', path: ['imageUrls'], message: 'This image URL is already added' })
  if (product.innerDiameterMm !== null && product.type !== 'bangle')
    context.addIssue({
      code: 'custom',
      path: ['innerDiameterMm'],
      message: 'Only bangles have an inner diameter',
    })
}

/** One alt text per image, blank where none was given. */
const alignAlts = <T extends { imageUrls: string[]; imageAlts: string[] }>(product: T): T => ({
  ...product,
  imageAlts: product.imageUrls.map((_, index) => product.imageAlts[index] ?? ''),
})

/**
 * A product as the API takes it: cents, and the specification's `inner_diameter_mm` as well as
 * `innerDiameterMm`. Unknown fields are refused.
 */
export const productInputSchema = strictObject({
  ...productFields,
  price: z
    .number({ error: 'Price must be at least $0.01' })
    .int('Price must be a whole number of cents')
    .min(1, 'Price must be at least $0.01'),
  originalPrice: optionalCents,
  cost: optionalCents,
  innerDiameterMm: innerDiameter,
  inner_diameter_mm: innerDiameter,
})
  .superRefine((product, context) => {
    const { innerDiameterMm: camel, inner_diameter_mm: spec } = product
    if (camel != null && spec != null && camel !== spec)
      context.addIssue({
        code: 'custom',
        path: ['inner_diameter_mm'],
        message: 'innerDiameterMm and inner_diameter_mm disagree',
      })
    productRules({ ...product, innerDiameterMm: camel ?? spec ?? null }, context)
  })
  .transform(({ inner_diameter_mm, innerDiameterMm, ...product }) =>
    alignAlts({ ...product, innerDiameterMm: innerDiameterMm ?? inner_diameter_mm ?? null }),
  )
export type ProductInput = z.input<typeof productInputSchema>
export type ProductData = z.output<typeof productInputSchema>

/**
 * The back office's product form: the same fields with prices in dollars. Its output is exactly
 * what the API takes, so the form's values go to the server without another conversion.
 */
export const productFormSchema = strictObject({
  ...productFields,
  price: requiredDollars('Price must be at least $0.01'),
  originalPrice: optionalDollars(),
  cost: optionalDollars(),
  innerDiameterMm: z
    .union([z.number(), z.string().trim()])
    .nullish()
    .transform((value) => (value === '' || value == null ? null : Number(value)))
    .pipe(innerDiameter.unwrap()),
})
  .superRefine((product, context) => productRules(product, context))
  .transform(alignAlts)
export type ProductFormValues = z.input<typeof productFormSchema>

/** A product's values as the edit form starts them: cents back to dollars. */
export function productFormValues(product: AdminProduct): ProductFormValues {
  return {
    sku: product.sku ?? '',
    name: product.name,
    description: product.description,
    shortDescription: product.shortDescription,
    price: centsToDollars(product.price),
    originalPrice: product.originalPrice === null ? '' : centsToDollars(product.originalPrice),
    cost: product.cost === null ? '' : centsToDollars(product.cost),
    imageUrls: product.imageUrls,
    imageAlts: product.imageAlts,
    category: product.category,
    type: product.type,
    color: product.color,
    innerDiameterMm: product.innerDiameterMm ?? '',
    weight: product.weight ?? '',
    dimensions: product.dimensions ?? '',
    jadeType: (product.jadeType ?? 'Type A') as ProductFormValues['jadeType'],
    origin: (product.origin ?? 'Myanmar') as ProductFormValues['origin'],
    certification: product.certification ?? '',
    certificateUrl: product.certificateUrl ?? '',
    featured: product.featured,
    status: product.status,
    stockQuantity: product.stockQuantity,
  }
}

/** Mark as Sold from the products table: the price it went for is optional. */
export const markSoldSchema = strictObject({
  soldPrice: z.number({ error: 'Amounts are in cents' }).int().min(0).nullish(),
}).nullish()

/** WJ-{first 2 letters of category}{first 2 letters of color}-{last 4 digits of the timestamp}. */
export function generateSku(category: string, color: string, now = Date.now()): string {
  const letters = (word: string) => word.replace(/[^a-z]/gi, '').slice(0, 2)
  return `WJ-${letters(category)}${letters(color)}-${String(now).slice(-4)}`.toUpperCase()
}
