import { Search, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { cn } from '../lib/cn'
import { fieldClasses } from './input'

export interface SearchInputProps {
  /** The search in force (from the URL): the box follows it when it changes from elsewhere. */
  value: string
  /** Called as the person types, once they pause for `delay` ms, and at once on Enter or clear. */
  onSearch: (value: string) => void
  label: string
  placeholder?: string
  delay?: number
  className?: string
}

/** A search box that answers as you type, without a request per keystroke. */
export function SearchInput({
  value,
  onSearch,
  label,
  placeholder,
  delay = 250,
  className,
}: SearchInputProps) {
  const [text, setText] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const sent = useRef(value)

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value
      setText(value)
    }
  }, [value])
  useEffect(() => () => clearTimeout(timer.current), [])

  const send = (next: string) => {
    clearTimeout(timer.current)
    const trimmed = next.trim()
    if (trimmed === sent.current) return
    sent.current = trimmed
    onSearch(trimmed)
  }

  return (
    <search className={cn('relative block w-full sm:max-w-sm', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
        aria-hidden
      />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder ?? label}
        value={text}
        onChange={(event) => {
          const next = event.target.value
          setText(next)
          clearTimeout(timer.current)
          timer.current = setTimeout(() => send(next), delay)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') send(text)
        }}
        className={cn(fieldClasses, 'h-11 pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden')}
      />
      {text && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            setText('')
            send('')
          }}
          className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 cursor-pointer items-center justify-center rounded-sm text-ink-muted hover:text-ink"
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
    </search>
  )
}
