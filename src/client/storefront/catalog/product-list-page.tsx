import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, useParams } from 'react-router'
import { capitalize, categoryPath } from '../../../shared/catalog'
import { cn } from '../../lib/cn'
import { queries } from '../../lib/queries'
import { EmptyState } from '../../ui/empty-state'
import { toast } from '../../ui/use-toast'
import { ProductCard, ProductCardSkeleton } from './product-card'

export function ProductListPage() {
  const { category } = useParams()
  const { data: products, isPending, isError } = useQuery(queries.products(category ? { category } : {}))
  const { data: categories = [] } = useQuery(queries.categories())
  useEffect(() => {
    if (isError) toast({ title: 'Error', description: 'Failed to load products', variant: 'destructive' })
  }, [isError])

  const chip = (active: boolean) =>
    cn(
      'rounded-full border px-4 py-2 text-sm transition-colors',
      active
        ? 'border-jade-700 bg-jade-700 text-ivory'
        : 'border-ink/15 text-ink-muted hover:border-jade-700 hover:text-jade-700',
    )

  return (
    <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
      <h1 className="font-display text-5xl text-ink">
        {category ? capitalize(category) : 'All Collections'}
      </h1>
      <nav aria-label="Categories" className="mt-8 flex flex-wrap gap-2">
        <Link to="/products" className={chip(!category)} aria-current={!category ? 'page' : undefined}>
          All
        </Link>
        {categories.map((name) => (
          <Link
            key={name}
            to={categoryPath(name)}
            className={chip(name === category?.toLowerCase())}
            aria-current={name === category?.toLowerCase() ? 'page' : undefined}
          >
            {capitalize(name)}
          </Link>
        ))}
      </nav>
      {!isPending && products?.length === 0 ? (
        <EmptyState
          className="mt-16"
          title="No Products Found"
          description="We couldn't find any products matching your criteria."
        />
      ) : (
        <div className="mt-12 grid gap-x-8 gap-y-14 sm:grid-cols-2 lg:grid-cols-3">
          {isPending
            ? [0, 1, 2, 3, 4, 5].map((n) => <ProductCardSkeleton key={n} />)
            : products?.map((product, index) => (
                <ProductCard key={product.id} product={product} priority={index < 3} />
              ))}
        </div>
      )}
    </div>
  )
}
