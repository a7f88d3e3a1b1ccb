import { lazy, Suspense } from 'react'
import type { RouteObject } from 'react-router'
import { capitalize } from '../shared/catalog'
import { ClientOnly } from './lib/client-only'
import type { PageHandle } from './lib/page'
import { queries } from './lib/queries'
import { ProductListPage } from './storefront/catalog/product-list-page'
import { ProductPage } from './storefront/catalog/product-page'
import { HomePage } from './storefront/home/home-page'
import { PageSkeleton } from './storefront/layout/page-skeleton'
import { SiteShell } from './storefront/layout/site-shell'
import { NotFoundPage } from './storefront/pages/not-found-page'

// Account and admin areas are client-only lazy chunks: the storefront bundle never contains them.
const AccountArea = lazy(() => import('./account/account-area'))
const AdminApp = lazy(() => import('./admin/admin-app'))

const clientOnly = (element: React.ReactNode) => (
  <ClientOnly fallback={<PageSkeleton />}>
    <Suspense fallback={<PageSkeleton />}>{element}</Suspense>
  </ClientOnly>
)

const home: PageHandle = {
  prefetch: () => [queries.products({ featured: 'true' }), queries.categoryImages()],
  meta: () => ({
    title: 'Natural Type A Jadeite Jewelry',
    description:
      '100% Natural Type A Jadeite in the USA: one-of-a-kind bangles, bracelets, earrings, necklaces and rings from Myanmar, each with an official authentication card.',
  }),
}

const productList: PageHandle = {
  prefetch: ({ params }) => [queries.products(params.category ? { category: params.category } : {})],
  meta: ({ params }) => {
    const title = params.category ? capitalize(params.category) : 'All Collections'
    return {
      title: `${title} — Natural Jadeite`,
      description: `Browse ${params.category ?? 'all'} natural Type A jadeite pieces, each one of a kind and certified.`,
    }
  },
}

const productDetail: PageHandle = {
  prefetch: ({ params }) => [queries.product(params.id ?? '')],
  meta: ({ params }, queryClient) => {
    const product = queryClient.getQueryData(queries.product(params.id ?? '').queryKey)
    if (!product) return { title: 'Product Not Found', description: 'This product may have been removed.' }
    return { title: product.name, description: product.shortDescription, image: product.imageUrls[0] }
  },
  status: ({ params }, queryClient) =>
    queryClient.getQueryData(queries.product(params.id ?? '').queryKey) ? 200 : 404,
}

const account: PageHandle = {
  meta: () => ({ title: 'My Account', description: 'Sign in to your account.', noindex: true }),
}

const notFound: PageHandle = {
  meta: () => ({ title: 'Page Not Found', description: 'The page you are looking for does not exist.' }),
  status: () => 404,
}

export const routes: RouteObject[] = [
  {
    path: '/admin/*',
    element: clientOnly(<AdminApp />),
    handle: {
      meta: () => ({ title: 'Admin', description: 'Back office', noindex: true }),
    } satisfies PageHandle,
  },
  {
    element: <SiteShell />,
    children: [
      { index: true, element: <HomePage />, handle: home },
      { path: 'products', element: <ProductListPage />, handle: productList },
      { path: 'products/category/:category', element: <ProductListPage />, handle: productList },
      { path: 'product/:id', element: <ProductPage />, handle: productDetail },
      { path: 'account/*', element: clientOnly(<AccountArea />), handle: account },
      { path: '*', element: <NotFoundPage />, handle: notFound },
    ],
  },
]
