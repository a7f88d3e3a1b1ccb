import { lazyPageRoute } from '../../lib/lazy-page'
import type { PageHandle } from '../../lib/page'
import { queries } from '../../lib/queries'
import { blogPostingJsonLd } from '../../lib/structured-data'
import { JOURNAL_FEED } from './journal-page-route'

// As for the Journal's list (journal-page-route.ts): the browser build keeps only its own handle,
// and leaves the JSON-LD builder out.
const onServer = import.meta.env.SSR

const onTheServer: Omit<PageHandle, 'load'> = {
  prefetch: ({ params }) => [queries.journalPost(params.slug ?? '')],
  meta: ({ params, origin }, queryClient) => {
    const post = queryClient.getQueryData(queries.journalPost(params.slug ?? '').queryKey)
    if (!post) return { title: 'Story Not Found', description: 'This story is not in our Journal.' }
    const description = post.metaDescription ?? post.excerpt
    return {
      title: post.title,
      description: description.length > 160 ? `${description.slice(0, 159).trimEnd()}…` : description,
      image: post.featuredImage ?? undefined,
      article: {
        publishedTime: post.publishedAt,
        modifiedTime: post.updatedAt,
        section: post.category,
        tags: post.tags,
      },
      alternates: JOURNAL_FEED,
      jsonLd: onServer
        ? blogPostingJsonLd(post, origin, queryClient.getQueryData(queries.store().queryKey))
        : undefined,
    }
  },
  status: ({ params }, queryClient) =>
    queryClient.getQueryData(queries.journalPost(params.slug ?? '').queryKey) ? 200 : 404,
}

/** One Journal story (/journal/:slug). */
export const postPageRoute = lazyPageRoute(
  () => import('./post-page'),
  'PostPage',
  onServer
    ? onTheServer
    : {
        meta: ({ params }, queryClient) => {
          const post = queryClient.getQueryData(queries.journalPost(params.slug ?? '').queryKey)
          return { title: post?.title ?? 'Journal', description: post?.excerpt ?? '' }
        },
      },
)
