import type { QueryClient } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import type { RouteObject } from 'react-router'
import { capitalize, categoryPath, LISTING_PAGE_SIZE } from '../shared/catalog'
import { tagLabel } from '../shared/journal-paths'
import { adminTitle } from './admin/section-titles'
import { ClientOnly } from './lib/client-only'
import { lazyPage as lazyChunk } from './lib/lazy-page'
import type { PageContext, PageHandle } from './lib/page'
import { FEATURED_PIECES, NEWEST_STORY, queries } from './lib/queries'
import {
  blogPostingJsonLd,
  organizationJsonLd,
  productJsonLd,
  storeReviewsJsonLd,
} from './lib/structured-data'
import {
  listingFilterParams,
  listingPageParams,
  pageHref,
  readListingParams,
} from './storefront/catalog/listing-params'
import { journalListParams, journalPageOf } from './storefront/journal/journal-params'
import { SiteShell } from './storefront/layout/site-shell'
import { STATIC_PAGES } from './storefront/pages/static-pages'
import { PageSkeleton } from './ui/page-skeleton'

/**
 * Each storefront page is its own chunk (lib/lazy-page.tsx): the server waits for it while
 * rendering, and the browser loads the current page's chunk before hydrating (see entry-client),
 * so first loads carry only the shell and one page.
 */
function lazyPage<M>(load: () => Promise<M>, name: keyof M) {
  const { Page, load: preload } = lazyChunk(load, name)
  return { element: <Page />, load: preload }
}

/**
 * Structured data is written into the server's HTML only (the browser updates just the title and
 * description on navigation): Vite replaces import.meta.env.SSR with false in the browser build, so
 * the JSON-LD builders are left out of the storefront's first-load JavaScript.
 */
const onServer = import.meta.env.SSR

const homePage = lazyPage(() => import('./storefront/home/home-page'), 'HomePage')
const productListPage = lazyPage(() => import('./storefront/catalog/product-list-page'), 'ProductListPage')
const aboutPage = lazyPage(() => import('./storefront/pages/about-page'), 'AboutPage')
const returnPolicyPage = lazyPage(() => import('./storefront/pages/return-policy-page'), 'ReturnPolicyPage')
const privacyPolicyPage = lazyPage(
  () => import('./storefront/pages/privacy-policy-page'),
  'PrivacyPolicyPage',
)
const termsPage = lazyPage(() => import('./storefront/pages/terms-page'), 'TermsPage')
const contactPage = lazyPage(() => import('./storefront/community/contact-page'), 'ContactPage')
const testimonialsPage = lazyPage(
  () => import('./storefront/community/testimonials-page'),
  'TestimonialsPage',
)
const unsubscribePage = lazyPage(() => import('./storefront/community/unsubscribe-page'), 'UnsubscribePage')
const reminderUnsubscribePage = lazyPage(
  () => import('./storefront/community/reminder-unsubscribe-page'),
  'ReminderUnsubscribePage',
)
const confirmSubscriptionPage = lazyPage(
  () => import('./storefront/community/confirm-subscription-page'),
  'ConfirmSubscriptionPage',
)
const confirmAlertPage = lazyPage(
  () => import('./storefront/piece-alerts/confirm-alert-page'),
  'ConfirmAlertPage',
)
const unsubscribeAlertPage = lazyPage(
  () => import('./storefront/piece-alerts/unsubscribe-alert-page'),
  'UnsubscribeAlertPage',
)
const giftCardsPage = lazyPage(() => import('./storefront/gift-cards/gift-cards-page'), 'GiftCardsPage')
const giftCardBalancePage = lazyPage(() => import('./storefront/gift-cards/balance-page'), 'BalancePage')
const notFoundPage = lazyPage(() => import('./ui/not-found-page'), 'NotFoundPage')

const STATIC_ELEMENTS: Record<string, ReturnType<typeof lazyPage>> = {
  '/about': aboutPage,
  '/return-policy': returnPolicyPage,
  '/privacy-policy': privacyPolicyPage,
  '/terms-conditions': termsPage,
}

const staticRoutes: RouteObject[] = STATIC_PAGES.map(({ path, title, description }) => {
  const page = STATIC_ELEMENTS[path]!
  return {
    path: path.slice(1),
    element: page.element,
    handle: { meta: () => ({ title, description }), load: page.load } satisfies PageHandle,
  }
})

const checkoutPage = lazyPage(() => import('./storefront/checkout/checkout-page'), 'CheckoutPage')
const confirmationPage = lazyPage(() => import('./storefront/checkout/confirmation-page'), 'ConfirmationPage')

const productPage = lazyPage(() => import('./storefront/catalog/product-page'), 'ProductPage')
const journalPage = lazyPage(() => import('./storefront/journal/journal-page'), 'JournalPage')
const postPage = lazyPage(() => import('./storefront/journal/post-page'), 'PostPage')

// Account and admin areas are lazy chunks: the storefront bundle never contains them. The back
// office is drawn on the server with its first screen's data, so the data is on screen before its
// code has loaded (issue 32's cold load); the account area is client-only.
const AccountArea = lazy(() => import('./account/account-area'))
const adminApp = lazyChunk(() => import('./admin/admin-app'), 'default')
const OrderPage = lazy(() => import('./account/orders/order-page'))
const StaffInvitationPage = lazy(() =>
  import('./account/staff-invitation-page').then((module) => ({ default: module.StaffInvitationPage })),
)

const clientOnly = (element: React.ReactNode) => (
  <ClientOnly fallback={<PageSkeleton />}>
    <Suspense fallback={<PageSkeleton />}>{element}</Suspense>
  </ClientOnly>
)

const home: PageHandle = {
  prefetch: () => [
    queries.productPage(FEATURED_PIECES),
    queries.categoryImages(),
    queries.testimonials(),
    // Server-only, like every prefetch (the browser hydrates from what the server sent): behind
    // onServer, the Journal's helpers stay out of every page's first-load JavaScript.
    ...(onServer ? [queries.journalPosts(NEWEST_STORY)] : []),
  ],
  meta: ({ origin }, queryClient) => ({
    jsonLd: onServer
      ? organizationJsonLd(origin, queryClient.getQueryData(queries.store().queryKey))
      : undefined,
    title: 'Natural Type A Jadeite Jewelry',
    description:
      '100% Natural Type A Jadeite in the USA: one-of-a-kind bangles, bracelets, earrings, necklaces and rings from Myanmar, each with an official authentication card.',
  }),
}

/**
 * A listing page's canonical address keeps what makes it a different page (its category, colour,
 * size, search and page) and drops what only reorders or widens it (sort, sold pieces).
 */
function listingPath(pathname: string, search: URLSearchParams, page: number): string {
  const kept = new URLSearchParams()
  for (const name of ['color', 'size', 'q']) {
    const value = search.get(name)
    if (value) kept.set(name, value)
  }
  return pageHref(pathname, kept, page)
}

const listingPages = (context: PageContext, queryClient: QueryClient) => {
  const params = readListingParams(context.search)
  const data = queryClient.getQueryData(
    queries.productPage(listingPageParams(context.params.category, params)).queryKey,
  )
  return { page: params.page, pages: data ? Math.max(1, Math.ceil(data.total / LISTING_PAGE_SIZE)) : 1 }
}

const productList: PageHandle = {
  prefetch: ({ params, search }) => {
    const listing = readListingParams(search)
    return [
      queries.productPage(listingPageParams(params.category, listing)),
      queries.listingFacets(listingFilterParams(params.category, listing)),
    ]
  },
  meta: (context, queryClient) => {
    const { params, search } = context
    const title = params.category ? capitalize(params.category) : 'All Collections'
    const { page, pages } = listingPages(context, queryClient)
    const pathname = params.category ? categoryPath(params.category) : '/products'
    return {
      title: `${title} — Natural Jadeite${page > 1 ? ` — Page ${page}` : ''}`,
      description: `Browse ${params.category ?? 'all'} natural Type A jadeite pieces, each one of a kind and certified.`,
      canonicalPath: listingPath(pathname, search, page),
      pageLinks: {
        prev: page > 1 ? listingPath(pathname, search, page - 1) : undefined,
        next: page < pages ? listingPath(pathname, search, page + 1) : undefined,
      },
    }
  },
  // A page past the last is not a page.
  status: (context, queryClient) => {
    const { page, pages } = listingPages(context, queryClient)
    return page > pages ? 404 : 200
  },
}

const productDetail: PageHandle = {
  prefetch: ({ params }) => [
    queries.product(params.id ?? ''),
    ...(/^\d+$/.test(params.id ?? '') ? [queries.testimonials({ productId: params.id })] : []),
  ],
  meta: ({ params, origin }, queryClient) => {
    const product = queryClient.getQueryData(queries.product(params.id ?? '').queryKey)
    if (!product) return { title: 'Product Not Found', description: 'This product may have been removed.' }
    return {
      title: product.name,
      description: product.shortDescription,
      image: product.imageUrls[0],
      jsonLd: onServer
        ? productJsonLd(
            product,
            origin,
            queryClient.getQueryData(queries.store().queryKey),
            queryClient.getQueryData(queries.testimonials({ productId: params.id }).queryKey),
          )
        : undefined,
    }
  },
  status: ({ params }, queryClient) =>
    queryClient.getQueryData(queries.product(params.id ?? '').queryKey) ? 200 : 404,
}

const JOURNAL_FEED = [{ type: 'application/atom+xml', title: 'Journal', href: '/journal/feed.xml' }]

const journalOnServer: PageHandle = {
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
  load: journalPage.load,
}

const journalPostOnServer: PageHandle = {
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
  load: postPage.load,
}

/**
 * The browser needs a page's code (entry-client) and its title on navigation (app.tsx);
 * prefetching, head tags and statuses are the server's, left out of the browser build.
 */
const journal: PageHandle = onServer
  ? journalOnServer
  : {
      // The browser's tab title on a client-side navigation (app.tsx).
      meta: ({ params }) => ({
        title: params.tag ? `${capitalize(params.tag.toLowerCase())} — Journal` : 'Journal — Notes on Jade',
        description: 'Stories, guides and care notes about natural Type A jadeite.',
      }),
      load: journalPage.load,
    }
const journalPost: PageHandle = onServer
  ? journalPostOnServer
  : {
      meta: ({ params }, queryClient) => {
        const post = queryClient.getQueryData(queries.journalPost(params.slug ?? '').queryKey)
        return { title: post?.title ?? 'Journal', description: post?.excerpt ?? '' }
      },
      load: postPage.load,
    }

const testimonials: PageHandle = {
  prefetch: () => [queries.testimonials()],
  meta: ({ origin }, queryClient) => ({
    title: 'Testimonials',
    description:
      'Reviews from customers of our natural Type A jadeite bangles, bracelets, earrings, necklaces and rings, and a form to share your own.',
    jsonLd: onServer
      ? storeReviewsJsonLd(
          origin,
          queryClient.getQueryData(queries.store().queryKey),
          queryClient.getQueryData(queries.testimonials().queryKey),
        )
      : undefined,
  }),
  load: testimonialsPage.load,
}

const contact: PageHandle = {
  meta: () => ({
    title: 'Contact Us',
    description:
      'Questions about a jadeite piece, a bangle size or a private viewing? Write or call us: we answer within one business day.',
  }),
  load: contactPage.load,
}

const account: PageHandle = {
  meta: () => ({ title: 'My Account', description: 'Sign in to your account.', noindex: true }),
}

const notFound: PageHandle = {
  meta: () => ({ title: 'Page Not Found', description: 'The page you are looking for does not exist.' }),
  status: () => 404,
  load: notFoundPage.load,
}

export const routes: RouteObject[] = [
  {
    path: '/admin/*',
    element: (
      <Suspense fallback={<PageSkeleton />}>
        <adminApp.Page />
      </Suspense>
    ),
    handle: {
      // The back office's code and the opened screen's, before the render and before hydration.
      load: (pathname) => adminApp.load().then((admin) => admin.loadScreen(pathname)),
      meta: ({ params }) => ({ title: adminTitle(params['*']), description: 'Back office', noindex: true }),
      // Asked on the server only (a <Navigate> cannot act in a server render; the browser's guards
      // act alike), from the back office's chunk: the storefront's first load never carries its rules.
      redirect: async ({ params }, queryClient) =>
        (await adminApp.load()).adminRedirect(params['*'] ?? '', queryClient),
      // The member's role and the first screen's data come with the page: no round trip waits
      // for them after the back office's code has loaded (issue 32's cold load).
      prefetchAfter: async (context, queryClient, fetchInto) => {
        const user = queryClient.getQueryData(queries.auth().queryKey)
        if (!user?.isAdmin) return
        const { prefetchFirstScreen } = await import('./admin/first-screen')
        await prefetchFirstScreen(context, user.id, fetchInto)
      },
    } satisfies PageHandle,
  },
  {
    element: <SiteShell />,
    children: [
      { index: true, element: homePage.element, handle: { ...home, load: homePage.load } },
      {
        path: 'products',
        element: productListPage.element,
        handle: { ...productList, load: productListPage.load },
      },
      {
        path: 'products/category/:category',
        element: productListPage.element,
        handle: { ...productList, load: productListPage.load },
      },
      {
        path: 'product/:id',
        element: productPage.element,
        handle: { ...productDetail, load: productPage.load },
      },
      { path: 'journal', element: journalPage.element, handle: journal },
      { path: 'journal/tag/:tag', element: journalPage.element, handle: journal },
      { path: 'journal/:slug', element: postPage.element, handle: journalPost },
      ...staticRoutes,
      { path: 'testimonials', element: testimonialsPage.element, handle: testimonials },
      { path: 'contact', element: contactPage.element, handle: contact },
      {
        path: 'gift-cards',
        element: giftCardsPage.element,
        handle: {
          meta: () => ({
            title: 'Gift Cards',
            description:
              'Give natural Type A jadeite: a gift card from $25 to $5,000, e-mailed on the day you choose with your message. No expiry, no fees.',
          }),
          load: giftCardsPage.load,
        } satisfies PageHandle,
      },
      {
        path: 'gift-cards/balance',
        element: giftCardBalancePage.element,
        handle: {
          meta: () => ({
            title: 'Gift Card Balance',
            description: 'Check the balance and expiry of your gift card.',
          }),
          load: giftCardBalancePage.load,
        } satisfies PageHandle,
      },
      {
        path: 'newsletter/confirm',
        element: confirmSubscriptionPage.element,
        handle: {
          meta: () => ({
            title: 'Confirm your subscription',
            description: 'Confirm your subscription to our newsletter.',
            noindex: true,
          }),
          load: confirmSubscriptionPage.load,
        } satisfies PageHandle,
      },
      {
        path: 'newsletter/unsubscribe',
        element: unsubscribePage.element,
        handle: {
          meta: () => ({ title: 'Unsubscribe', description: 'Leave our newsletter.', noindex: true }),
          load: unsubscribePage.load,
        } satisfies PageHandle,
      },
      {
        path: 'reminders/unsubscribe',
        element: reminderUnsubscribePage.element,
        handle: {
          meta: () => ({
            title: 'Unsubscribe',
            description: 'Stop reminders about unfinished checkouts.',
            noindex: true,
          }),
          load: reminderUnsubscribePage.load,
        } satisfies PageHandle,
      },
      {
        path: 'alerts/confirm',
        element: confirmAlertPage.element,
        handle: {
          meta: () => ({
            title: 'Hear of similar pieces',
            description: 'Confirm that we may write when a similar piece arrives.',
            noindex: true,
          }),
          load: confirmAlertPage.load,
        } satisfies PageHandle,
      },
      {
        path: 'alerts/unsubscribe',
        element: unsubscribeAlertPage.element,
        handle: {
          meta: () => ({
            title: 'Unsubscribe',
            description: 'Stop e-mails about new pieces.',
            noindex: true,
          }),
          load: unsubscribeAlertPage.load,
        } satisfies PageHandle,
      },
      {
        path: 'checkout',
        element: checkoutPage.element,
        handle: {
          meta: () => ({ title: 'Checkout', description: 'Complete your order.', noindex: true }),
          redirect: (_, queryClient) =>
            queryClient.getQueryData(queries.cart().queryKey)?.items.some((item) => item.available)
              ? undefined
              : '/',
          load: checkoutPage.load,
        } satisfies PageHandle,
      },
      {
        path: 'order-confirmation',
        element: confirmationPage.element,
        handle: {
          meta: () => ({ title: 'Order Confirmed', description: 'Thank you for your order.', noindex: true }),
          load: confirmationPage.load,
        } satisfies PageHandle,
      },
      { path: 'account/*', element: clientOnly(<AccountArea />), handle: account },
      {
        path: 'staff/invitation',
        element: clientOnly(<StaffInvitationPage />),
        handle: {
          meta: () => ({
            title: 'Join the team',
            description: 'Accept an invitation to the shop’s team.',
            noindex: true,
          }),
        } satisfies PageHandle,
      },
      {
        path: 'order/:id',
        element: clientOnly(<OrderPage />),
        handle: {
          meta: () => ({ title: 'Your Order', description: 'Order details.', noindex: true }),
        } satisfies PageHandle,
      },
      { path: '*', element: notFoundPage.element, handle: notFound },
    ],
  },
]
