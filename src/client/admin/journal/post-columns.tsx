import { ExternalLink, Pencil, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import type { AdminPostListItem } from '../../../shared/journal/admin-contract'
import { journalPath, POST_STATE_LABELS, type PostState } from '../../../shared/journal/rules'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { type DataTableColumn, dataTableColumns } from '../../ui/data-table'
import { IconAction } from '../../ui/icon-action'
import { ProductImage } from '../../ui/product-image'
import { ShopTime } from '../../ui/shop-time'

const column = dataTableColumns<AdminPostListItem>()

/** One colour per meaning, as everywhere: live is available-green, a schedule is reserved-blue. */
const STATE_BADGE: Record<PostState, 'available' | 'reserved' | 'draft'> = {
  published: 'available',
  scheduled: 'reserved',
  draft: 'draft',
}

export function PostStateBadge({ state }: { state: PostState }) {
  return <Badge variant={STATE_BADGE[state]}>{POST_STATE_LABELS[state]}</Badge>
}

/** The Journal's table: picture, title and address, state, dates, views, actions. */
export function postColumns(
  onDelete: (post: AdminPostListItem) => void,
): DataTableColumn<AdminPostListItem>[] {
  return column.columns([
    column.display({
      id: 'image',
      meta: { role: 'media', label: 'Picture' },
      cell: ({ row }) => (
        <div className="w-16 shrink-0">
          <ProductImage
            url={row.original.featuredImage ?? undefined}
            alt=""
            sizes="64px"
            className="border border-ink/10"
          />
        </div>
      ),
    }),
    column.accessor('title', {
      header: 'Title',
      meta: { role: 'primary', sort: { asc: 'title-asc', desc: 'title-desc' } },
      cell: ({ row }) => (
        <div className="min-w-0">
          <Link
            to={`/admin/journal/${row.original.id}`}
            className="line-clamp-2 font-medium text-ink hover:text-jade-700 sm:line-clamp-1"
          >
            {row.original.title}
          </Link>
          <span className="block truncate text-xs text-ink-muted">
            {row.original.category} · /journal/{row.original.slug}
          </span>
        </div>
      ),
    }),
    column.accessor('state', {
      header: 'State',
      cell: ({ row }) => <PostStateBadge state={row.original.state} />,
    }),
    column.accessor('publishedAt', {
      header: 'Published',
      meta: { sort: { asc: 'published-asc', desc: 'published-desc' } },
      cell: ({ row }) =>
        row.original.publishedAt ? (
          <ShopTime iso={row.original.publishedAt} dateOnly className="whitespace-nowrap tabular-nums" />
        ) : (
          <span className="text-ink-muted">—</span>
        ),
    }),
    column.accessor('viewCount', {
      header: 'Views',
      meta: { align: 'right', sort: { asc: 'views-asc', desc: 'views-desc' } },
      cell: ({ row }) => row.original.viewCount.toLocaleString('en-US'),
    }),
    column.accessor('updatedAt', {
      header: 'Updated',
      meta: { sort: { asc: 'updated-asc', desc: 'updated-desc' }, hideOnCard: true },
      cell: ({ row }) => (
        <ShopTime
          iso={row.original.updatedAt}
          dateOnly
          className="whitespace-nowrap tabular-nums text-ink-muted"
        />
      ),
    }),
    column.display({
      id: 'actions',
      meta: { role: 'actions', label: 'Actions' },
      cell: ({ row }) => {
        const post = row.original
        return (
          <div className="inline-flex items-center justify-end gap-1 whitespace-nowrap">
            <Button variant="ghost" size="sm" asChild>
              <Link to={`/admin/journal/${post.id}`}>
                <Pencil className="size-3.5" aria-hidden /> Edit<span className="sr-only"> {post.title}</span>
              </Link>
            </Button>
            {post.state === 'published' && (
              <Button variant="ghost" size="icon" className="size-9" asChild>
                <a
                  href={journalPath(post.slug)}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={`View ${post.title} on the site`}
                  title="View on the site"
                >
                  <ExternalLink className="size-4" aria-hidden />
                </a>
              </Button>
            )}
            <IconAction label={`Delete ${post.title}`} tip="Delete" onClick={() => onDelete(post)}>
              <Trash2 className="size-4" aria-hidden />
            </IconAction>
          </div>
        )
      },
    }),
  ])
}
