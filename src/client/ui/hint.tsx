import { type ReactNode, useId } from 'react'
import { cn } from '../lib/cn'

/**
 * A small tooltip that appears after the specification's 700 ms on hover or keyboard focus.
 * Pure CSS: the storefront's listing needs no positioning library for one hint.
 */
export function Hint({
  label,
  children,
  className,
}: {
  label: ReactNode
  children: ReactNode
  className?: string
}) {
  const id = useId()
  return (
    <span className={cn('group relative inline-flex', className)}>
      <button
        type="button"
        aria-describedby={id}
        className="cursor-help text-xs text-jade-700 underline decoration-dotted underline-offset-4"
      >
        {label}
      </button>
      <span
        id={id}
        role="tooltip"
        className={cn(
          // Even hidden it takes room in the page's width: on a phone it opens leftwards from the
          // trigger's right edge (which sits mid-screen) and never wider than the screen.
          'pointer-events-none invisible absolute right-0 top-full z-30 mt-2 w-64 max-w-[calc(100vw-2rem)] sm:right-auto sm:left-0 border border-ink/10 bg-ink px-3 py-2',
          'text-xs leading-relaxed text-ivory opacity-0 shadow-lg transition-opacity duration-150',
          'group-hover:visible group-hover:opacity-100 group-hover:delay-700',
          'group-focus-within:visible group-focus-within:opacity-100 group-focus-within:delay-700',
        )}
      >
        {children}
      </span>
    </span>
  )
}
