import { ArrowRight, Search, X } from 'lucide-react'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Button } from '../../ui/button'

/** The header's search icon: opens a field under the header that searches the collection. */
export function SearchToggle() {
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const inputRef = useRef<HTMLInputElement>(null)
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const panelId = useId()

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on navigation only
  useEffect(() => setOpen(false), [pathname])
  useEffect(() => {
    if (open) inputRef.current?.focus()
  }, [open])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const q = query.trim()
    navigate(q ? `/products?q=${encodeURIComponent(q)}` : '/products')
    setOpen(false)
  }

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={open ? 'Close search' : 'Search the collection'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <X className="size-5" aria-hidden /> : <Search className="size-5" aria-hidden />}
      </Button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-ink/10 bg-ivory shadow-sm"
      >
        <form
          aria-label="Search"
          onSubmit={onSubmit}
          className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-4 sm:px-6"
        >
          <label htmlFor={`${panelId}-input`} className="sr-only">
            Search the collection
          </label>
          <Search className="size-5 shrink-0 text-jade-700" aria-hidden />
          <input
            ref={inputRef}
            id={`${panelId}-input`}
            type="search"
            name="q"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
            // Short enough to show whole in the field a 320 px phone leaves it.
            placeholder="Search bangles, colours…"
            className="h-11 min-w-0 flex-1 border-b border-ink/20 bg-transparent font-display text-lg text-ink placeholder:text-ink-muted/70 focus-visible:border-jade-700 focus-visible:outline-none sm:text-xl"
          />
          {/* An arrow on a phone gives the field the width; the name stays "Search". */}
          <Button type="submit" size="sm" className="max-sm:size-11 max-sm:px-0">
            <ArrowRight className="size-4 sm:hidden" aria-hidden />
            <span className="max-sm:sr-only">Search</span>
          </Button>
        </form>
      </div>
    </>
  )
}
