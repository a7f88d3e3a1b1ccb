import { useQuery } from '@tanstack/react-query'
import { ImageOff, Pencil, Plus } from 'lucide-react'
import { useState } from 'react'
import {
  type CategoryImage,
  capitalize,
  PRODUCT_CATEGORIES,
  type ProductCategory,
} from '../../../shared/catalog/rules'
import { queries } from '../../lib/queries'
import { useFailureToast } from '../../lib/use-failure-toast'
import { Button } from '../../ui/button'
import { ProductImage } from '../../ui/product-image'
import { Skeleton } from '../../ui/skeleton'
import { PageHeader } from '../page-header'
import { CategoryImageEditor } from './category-image-editor'

/** One card per collection of the fixed, sorted category list (back-office.md §2). */
export function CategoryImagesPage() {
  const query = useQuery({ ...queries.categoryImages(), staleTime: 0 })
  useFailureToast('Failed to load category images', query.error)
  const byCategory = new Map(query.data?.map((image) => [image.category, image]))
  const categories = [...PRODUCT_CATEGORIES].sort()

  return (
    <>
      <PageHeader
        title="Category Images"
        description="The picture and caption of each collection on the home page."
      />
      <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
        {categories.map((category) => (
          <li key={category}>
            <CategoryCard category={category} image={byCategory.get(category)} loading={query.isPending} />
          </li>
        ))}
      </ul>
    </>
  )
}

function CategoryCard({
  category,
  image,
  loading,
}: {
  category: ProductCategory
  image: CategoryImage | undefined
  loading: boolean
}) {
  const [editing, setEditing] = useState(false)
  const title = capitalize(category)
  return (
    <article className="flex h-full flex-col border border-ink/10" aria-labelledby={`category-${category}`}>
      {loading ? (
        <Skeleton className="aspect-[4/3] w-full" />
      ) : image ? (
        <ProductImage
          url={image.imageUrl}
          alt={`${title} collection`}
          sizes="(min-width: 1280px) 30vw, (min-width: 640px) 45vw, 100vw"
          className="aspect-[4/3]"
        />
      ) : (
        <div className="flex aspect-[4/3] flex-col items-center justify-center gap-2 bg-sand text-ink-muted">
          <ImageOff className="size-6" aria-hidden />
          <span className="text-sm">No image set</span>
        </div>
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 id={`category-${category}`} className="font-display text-2xl text-ink">
          {title}
        </h2>
        {editing ? (
          <CategoryImageEditor category={category} image={image} onDone={() => setEditing(false)} />
        ) : (
          <>
            {/* A skeleton is a block: never inside a paragraph, which the server's HTML would split. */}
            {loading ? (
              <div className="flex-1">
                <Skeleton className="h-4 w-3/4" />
              </div>
            ) : (
              <p className="flex-1 text-sm leading-relaxed text-ink-muted">
                {image?.description ?? 'No description yet.'}
              </p>
            )}
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              disabled={loading}
              onClick={() => setEditing(true)}
            >
              {image ? (
                <>
                  <Pencil className="size-3.5" aria-hidden /> Edit<span className="sr-only"> {title}</span>
                </>
              ) : (
                <>
                  <Plus className="size-3.5" aria-hidden /> Set Image
                  <span className="sr-only"> for {title}</span>
                </>
              )}
            </Button>
          </>
        )}
      </div>
    </article>
  )
}
