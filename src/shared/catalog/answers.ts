import { z } from 'zod'
import { needs } from '../staff/field-access'
import { listAnswer, timestamp } from '../wire'
import { PRODUCT_STATUSES, PRODUCT_TYPES } from './vocabulary'

// The catalogue's answers (contract.ts). rules.ts, which every storefront page loads, takes its
// types from these by type alone.

/** A product as the public API returns it (cost and other back-office fields are left out). */
export const productSchema = z.object({
  id: z.number().int(),
  sku: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  shortDescription: z.string(),
  price: z.number().int(),
  originalPrice: z.number().int().nullable(),
  imageUrls: z.array(z.string()),
  /** Alt text per image, in the order of imageUrls; '' means the product's name. */
  imageAlts: z.array(z.string()),
  category: z.string(),
  type: z.enum(PRODUCT_TYPES),
  color: z.string(),
  innerDiameterMm: z.number().nullable(),
  /** The specification's name for innerDiameterMm (back-office.md §3); the same value. */
  inner_diameter_mm: z.number().nullable(),
  weight: z.string().nullable(),
  dimensions: z.string().nullable(),
  jadeType: z.string().nullable(),
  origin: z.string().nullable(),
  certification: z.string().nullable(),
  /** The certificate of authenticity's image, beside `certification` (the lab and number). */
  certificateUrl: z.string().nullable(),
  featured: z.boolean(),
  status: z.enum(PRODUCT_STATUSES),
  stockQuantity: z.number().int(),
  sold: z.boolean(),
  inStock: z.boolean(),
  createdAt: z.string(),
})

/** The owner's view of a product: the public one with what it cost and when it sold. */
export const adminProductSchema = productSchema.extend({
  createdAt: timestamp,
  cost: needs('products:cost', z.number().int().nullable()),
  soldAt: timestamp.nullable(),
  soldPrice: z.number().int().nullable(),
  updatedAt: timestamp,
})
export type AdminProduct = z.input<typeof adminProductSchema>

export const categoryImageSchema = z.object({
  category: z.string(),
  imageUrl: z.string(),
  description: z.string().nullable(),
})

const facetCount = z.object({ name: z.string(), count: z.number().int() })

/**
 * How many pieces each chip would show: per category with the other filters applied, and per
 * colour within the chosen category and size.
 */
export const listingFacetsSchema = z.object({ categories: z.array(facetCount), colors: z.array(facetCount) })

export const productPageSchema = listAnswer(productSchema)
