import { Tabs as TabsPrimitive } from 'radix-ui'
import { type ComponentProps, useEffect, useRef } from 'react'
import { cn } from '../lib/cn'

export const Tabs = TabsPrimitive.Root

/**
 * The tab strip scrolls sideways inside itself when its tabs are wider than the screen (the
 * order tabs on a phone), so it never widens the page; the active tab is kept in view.
 */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const list = ref.current
    if (!list) return
    const reveal = () => {
      const active = list.querySelector<HTMLElement>('[role="tab"][data-state="active"]')
      if (!active) return
      // Only the strip scrolls: scrollIntoView would scroll the page as well.
      const left = active.offsetLeft - list.offsetLeft
      const right = left + active.offsetWidth
      if (left < list.scrollLeft) list.scrollLeft = left - 16
      else if (right > list.scrollLeft + list.clientWidth) list.scrollLeft = right - list.clientWidth + 16
    }
    reveal()
    const observer = new MutationObserver(reveal)
    observer.observe(list, { subtree: true, attributes: true, attributeFilter: ['data-state'] })
    return () => observer.disconnect()
  }, [])
  return (
    <TabsPrimitive.List
      ref={ref}
      // relative: a screen-reader-only count inside a tab is positioned against the strip, so the
      // strip clips it rather than the page growing to reach it.
      className={cn(
        'relative flex max-w-full items-end gap-8 overflow-x-auto overflow-y-hidden overscroll-x-contain border-b border-ink/15 [scrollbar-width:none]',
        className,
      )}
      {...props}
    />
  )
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        // -mb-px lays the active underline over the list's hairline instead of below it.
        '-mb-px inline-flex min-h-11 shrink-0 cursor-pointer items-center justify-center border-b-2 border-transparent px-1 whitespace-nowrap',
        'text-sm font-medium tracking-wide text-ink-muted transition-colors duration-200 hover:text-ink',
        'data-[state=active]:border-jade-700 data-[state=active]:text-ink',
        'disabled:pointer-events-none disabled:opacity-50',
        className,
      )}
      {...props}
    />
  )
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('pt-6', className)} {...props} />
}
