import { Skeleton } from './skeleton'

/** Stands in for a client-only page while its code loads. */
export function PageSkeleton() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6" aria-busy="true">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-10 w-64" />
      <Skeleton className="mt-4 h-4 w-96 max-w-full" />
      <div className="mt-10 grid gap-6 sm:grid-cols-2">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    </div>
  )
}
