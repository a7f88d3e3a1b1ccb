import { Skeleton } from '../../ui/skeleton'

/** Shaped like the order page: heading, timeline, items and the side column. */
export function OrderPageSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16" aria-busy="true">
      <span className="sr-only">Loading your order…</span>
      <Skeleton className="h-4 w-24" />
      <Skeleton className="mt-8 h-3 w-28" />
      <Skeleton className="mt-4 h-11 w-64" />
      <Skeleton className="mt-3 h-4 w-48" />
      <div className="mt-12 grid grid-cols-5 gap-4 border-t border-ink/10 pt-10">
        {[0, 1, 2, 3, 4].map((step) => (
          <div key={step} className="flex flex-col items-center gap-3">
            <Skeleton className="size-8 rounded-full" />
            <Skeleton className="hidden h-3 w-20 sm:block" />
          </div>
        ))}
      </div>
      <div className="mt-14 grid gap-14 lg:grid-cols-12 lg:gap-16">
        <div className="space-y-5 lg:col-span-7">
          {[0, 1].map((row) => (
            <div key={row} className="flex gap-5">
              <Skeleton className="size-20 sm:size-24" />
              <div className="flex-1 space-y-2 pt-1">
                <Skeleton className="h-5 w-3/4" />
                <Skeleton className="h-4 w-32" />
              </div>
            </div>
          ))}
        </div>
        <div className="space-y-4 lg:col-span-5">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-6 w-28" />
          <Skeleton className="h-12 w-full" />
        </div>
      </div>
    </div>
  )
}
