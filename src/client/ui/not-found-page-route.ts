import { lazyPageRoute } from '../lib/lazy-page'

export const notFoundPageRoute = lazyPageRoute(() => import('./not-found-page'), 'NotFoundPage', {
  meta: () => ({ title: 'Page Not Found', description: 'The page you are looking for does not exist.' }),
  status: () => 404,
})
