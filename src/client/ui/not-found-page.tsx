import { Link } from 'react-router'
import { Button } from './button'

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-28 text-center">
      <p className="font-display text-7xl text-jade-700">404</p>
      <h1 className="mt-4 font-display text-4xl text-ink">Page Not Found</h1>
      <p className="mt-4 text-ink-muted">
        The page you are looking for has moved or never existed. Our collection is still right where you left
        it.
      </p>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Return to Home</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/products">Browse the Collection</Link>
        </Button>
      </div>
    </section>
  )
}
