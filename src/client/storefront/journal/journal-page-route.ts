import { capitalize } from '../../../shared/catalog/rules'
import { tagLabel } from '../../../shared/journal/paths'
import { lazyPageRoute } from '../../lib/lazy-page'
import type { PageHandle } from '../../lib/page'
import { queries } from '../../lib/queries'
import { journalListParams, journalPageOf } from './journal-params'

// Vite replaces import.meta.env.SSR with false in the browser build, which then keeps only the
// browser's handle below.
const onServer = import.meta.env.SSR

/** The Journal's Atom feed, named in the head of its list and of each story (post-page-route.ts). */
export const JOURNAL_FEED = [{ type: 'application/atom+xml', title: 'Journal', href: '/journal/feed.xml' }]

const onTheServer: Omit<PageHandle, 'load'> = {
  prefetch: ({ params, search }) => [queries.journalPosts(journalListParams(search, params.tag))],
  meta: ({ params, search }) => {
    const page = journalPageOf(search)
    const paged = page > 1 ? ` — Page ${page}` : ''
    if (params.tag) {
      const tag = tagLabel(params.tag.toLowerCase())
      return {
        title: `${tag} — Journal${paged}`,
        description: `Stories from our Journal about ${tag.toLowerCase()}: natural Type A jadeite, how to choose it, wear it and care for it.`,
        alternates: JOURNAL_FEED,
      }
    }
    return {
      title: `Journal — Notes on Jade${paged}`,
      description:
        'How to tell natural Type A jadeite from treated jade, how to measure a bangle, how to care for jade, and the stories of our pieces.',
      alternates: JOURNAL_FEED,
    }
  },
  // A tag no visible story carries is not a page (nor is a page past the last).
  status: ({ params, search }, queryClient) => {
    const list = queryClient.getQueryData(
      queries.journalPosts(journalListParams(search, params.tag)).queryKey,
    )
    if (!list) return 200
    return list.items.length === 0 && (params.tag || journalPageOf(search) > 1) ? 404 : 200
  },
}

/**
 * The Journal (/journal) and one tag's stories (/journal/tag/:tag). The browser needs a page's code
 * (entry-client) and its title on navigation (app.tsx); prefetching, head tags and statuses are
 * the server's, left out of the browser build.
 */
export const journalPageRoute = lazyPageRoute(
  () => import('./journal-page'),
  'JournalPage',
  onServer
    ? onTheServer
    : {
        // The browser's tab title on a client-side navigation (app.tsx).
        meta: ({ params }) => ({
          title: params.tag ? `${capitalize(params.tag.toLowerCase())} — Journal` : 'Journal — Notes on Jade',
          description: 'Stories, guides and care notes about natural Type A jadeite.',
        }),
      },
)
