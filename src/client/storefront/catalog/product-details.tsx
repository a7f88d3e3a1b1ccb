import type { Product } from '../../../shared/catalog/rules'

const DETAILS = [
  ['jadeType', 'Jade type'],
  ['origin', 'Origin'],
  ['weight', 'Weight'],
  ['dimensions', 'Dimensions'],
  ['certification', 'Certification'],
] as const satisfies readonly (readonly [keyof Product, string])[]

/**
 * What a buyer of a fine piece asks before paying for it: the stone, where it comes from, its
 * weight and size, and its certificate, each when the shop has recorded it.
 */
export function ProductDetails({ product }: { product: Product }) {
  const known = DETAILS.flatMap(([field, label]) => {
    const value = product[field]?.trim()
    return value ? [{ label, value }] : []
  })
  if (known.length === 0) return null
  return (
    <section aria-labelledby="product-details-title" className="mt-8">
      <h2 id="product-details-title" className="font-display text-2xl text-ink">
        Details
      </h2>
      <dl className="mt-3 divide-y divide-ink/10 border-y border-ink/10 text-sm">
        {known.map(({ label, value }) => (
          <div key={label} className="flex justify-between gap-6 py-3">
            <dt className="shrink-0 text-ink-muted">{label}</dt>
            <dd className="min-w-0 text-right break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
