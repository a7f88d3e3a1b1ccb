import { useQuery } from '@tanstack/react-query'
import { Check, MessageSquareQuote, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { imageSources } from '../../../shared/media/images'
import {
  TESTIMONIAL_MESSAGES,
  TESTIMONIAL_TAB_LABELS,
  TESTIMONIAL_TABS,
  type Testimonial,
  type TestimonialTab,
} from '../../../shared/testimonials/schema'
import { useFailureToast } from '../../lib/use-failure-toast'
import { useListParams } from '../../lib/use-list-params'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { EmptyState } from '../../ui/empty-state'
import { Pagination } from '../../ui/pagination'
import { ShopTime } from '../../ui/shop-time'
import { Skeleton } from '../../ui/skeleton'
import { Stars } from '../../ui/stars'
import { ListTabs, TabCount } from '../list-tabs'
import { PageHeader } from '../page-header'
import { testimonialQueries, useApproveTestimonial, useDeleteTestimonial } from './api'

const EMPTY: Record<TestimonialTab, string> = {
  pending: TESTIMONIAL_MESSAGES.emptyPending,
  approved: TESTIMONIAL_MESSAGES.emptyApproved,
  all: TESTIMONIAL_MESSAGES.emptyAll,
}
const PAGE_SIZE = 50

/** Testimonial moderation (back-office.md §2): nothing is public before it is approved here. */
export function TestimonialsPage() {
  const list = useListParams(['status'] as const)
  const tabs = list.oneOf('status', TESTIMONIAL_TABS)
  const tab = tabs.value
  const query = useQuery(testimonialQueries.list({ page: list.query.page, status: tab }))
  const approve = useApproveTestimonial()
  const remove = useDeleteTestimonial()
  const [deleting, setDeleting] = useState<Testimonial>()
  useFailureToast('Failed to load testimonials', query.error)
  const counts = query.data?.counts
  const items = query.data?.items

  return (
    <>
      <PageHeader title="Testimonials" description="Approve reviews before customers see them." />
      <ListTabs
        choice={tabs}
        labels={TESTIMONIAL_TAB_LABELS}
        className="mb-6 max-w-full gap-5 overflow-x-auto sm:gap-8"
        badge={(name) =>
          name === 'pending' && <TabCount count={counts?.pending} noun={name} variant="gold" />
        }
      />
      {items === undefined ? (
        <div className="grid gap-4 md:grid-cols-2" aria-busy="true">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} className="h-56" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <EmptyState icon={<MessageSquareQuote className="size-7" aria-hidden />} title={EMPTY[tab]} />
      ) : (
        <ul
          className={`grid gap-4 md:grid-cols-2 ${query.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-label={TESTIMONIAL_TAB_LABELS[tab]}
          aria-busy={query.isPlaceholderData || undefined}
        >
          {items.map((testimonial) => (
            <TestimonialCard
              key={testimonial.id}
              testimonial={testimonial}
              onApprove={() => approve.mutate(testimonial)}
              approving={approve.isPending && approve.variables?.id === testimonial.id}
              onDelete={() => setDeleting(testimonial)}
            />
          ))}
        </ul>
      )}
      {query.data && query.data.total > PAGE_SIZE && (
        <Pagination
          page={list.page}
          pageSize={PAGE_SIZE}
          total={query.data.total}
          onPageChange={list.setPage}
        />
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title={deleting ? `Delete ${deleting.customerName}'s testimonial?` : 'Delete testimonial?'}
        description={TESTIMONIAL_MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        destructive
        onConfirm={() => remove.mutateAsync(deleting!)}
      />
    </>
  )
}

function TestimonialCard({
  testimonial,
  onApprove,
  approving,
  onDelete,
}: {
  testimonial: Testimonial
  onApprove: () => void
  approving: boolean
  onDelete: () => void
}) {
  const photo = testimonial.imageUrl ? imageSources(testimonial.imageUrl) : undefined
  return (
    <li className="flex flex-col border border-ink/10 bg-white p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium text-ink">{testimonial.customerName}</p>
          <p className="text-xs text-ink-muted">
            <ShopTime iso={testimonial.createdAt} dateOnly />
            {' · '}
            {testimonial.productName ?? TESTIMONIAL_MESSAGES.unknownProduct}
          </p>
        </div>
        {testimonial.approved ? (
          <Badge variant="available">Approved</Badge>
        ) : (
          <Badge variant="gold">Pending</Badge>
        )}
      </div>
      <Stars rating={testimonial.rating} className="mt-3" />
      <div className="mt-3 flex gap-4">
        <blockquote className="min-w-0 flex-1 whitespace-pre-line break-words text-sm leading-relaxed text-ink">
          {`“${testimonial.content}”`}
        </blockquote>
        {photo && (
          <a href={testimonial.imageUrl!} target="_blank" rel="noreferrer" className="shrink-0">
            <img
              src={photo.src}
              srcSet={photo.srcSet}
              sizes="96px"
              alt={`Shared by ${testimonial.customerName}`}
              className="size-24 object-cover"
            />
          </a>
        )}
      </div>
      <div className="mt-auto flex justify-end gap-2 pt-4">
        {!testimonial.approved && (
          <Button size="sm" onClick={onApprove} loading={approving}>
            <Check className="size-4" aria-hidden /> Approve
            <span className="sr-only"> the review by {testimonial.customerName}</span>
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={onDelete}>
          <Trash2 className="size-4" aria-hidden /> Delete
          <span className="sr-only"> the review by {testimonial.customerName}</span>
        </Button>
      </div>
    </li>
  )
}
