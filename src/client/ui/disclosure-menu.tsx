import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { cn } from '../lib/cn'

interface DisclosureMenuProps {
  /** The trigger's content. */
  label: ReactNode
  /** Closes the panel when this changes (pass the route's pathname). */
  closeKey?: unknown
  align?: 'start' | 'end'
  triggerClassName?: string
  panelClassName?: string
  children: ReactNode
}

/**
 * A button that shows a panel of links: lighter than a positioned menu (no popper in the
 * storefront bundle), and its links are in the server-rendered HTML for crawlers and visitors
 * without JavaScript. Closes on Escape, outside clicks, and when closeKey changes.
 */
export function DisclosureMenu({
  label,
  closeKey,
  align = 'start',
  triggerClassName,
  panelClassName,
  children,
}: DisclosureMenuProps) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const rootRef = useRef<HTMLDivElement>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: closeKey is the trigger, on purpose
  useEffect(() => setOpen(false), [closeKey])

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      rootRef.current?.querySelector('button')?.focus()
    }
    // Following a link inside closes the panel even when the route does not change.
    const onClick = (event: MouseEvent) => {
      if ((event.target as HTMLElement).closest('a')) setOpen(false)
    }
    const root = rootRef.current
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    root?.addEventListener('click', onClick)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
      root?.removeEventListener('click', onClick)
    }
  }, [open])

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={triggerClassName}
      >
        {label}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={cn(
          'absolute top-full z-50 mt-3 min-w-56 border border-ink/10 bg-ivory py-2 shadow-xl shadow-ink/10',
          align === 'end' ? 'right-0' : 'left-0',
          panelClassName,
        )}
      >
        {children}
      </div>
    </div>
  )
}

export const disclosureItemClass =
  'block w-full px-4 py-2.5 text-left text-sm text-ink-muted transition-colors hover:bg-jade-50 hover:text-jade-800 focus-visible:bg-jade-50'
