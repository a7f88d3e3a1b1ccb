import type { ReactNode } from 'react'
import type { ListChoice } from '../lib/use-list-params'
import { Badge, type BadgeProps } from '../ui/badge'
import { Tabs, TabsList, TabsTrigger } from '../ui/tabs'

/**
 * Tabs that filter a back-office list (Unread, Scheduled, Ready to Ship…), kept in the URL; the
 * first tab is the default. `badge` adds a tab's count.
 */
export function ListTabs<Tab extends string>({
  choice,
  labels,
  badge,
  label,
  className,
}: {
  /** The list's filter these tabs choose (useListParams' oneOf): its tabs, the current one, the setter. */
  choice: ListChoice<Tab>
  labels: Record<Tab, string>
  badge?: (tab: Tab) => ReactNode
  /** The strip's accessible name, when the page has more than one. */
  label?: string
  className?: string
}) {
  return (
    <Tabs value={choice.value} onValueChange={choice.set}>
      <TabsList aria-label={label} className={className}>
        {choice.values.map((name) => (
          // The tabs filter the list below rather than switch panels, so no tab panel is rendered
          // and Radix's aria-controls would point at nothing (axe: aria-valid-attr-value).
          <TabsTrigger key={name} value={name} className="gap-2" aria-controls={undefined}>
            {labels[name]}
            {badge?.(name)}
          </TabsTrigger>
        ))}
      </TabsList>
    </Tabs>
  )
}

/** A tab's count of what waits for the owner (2 unread), shown only when there is some. */
export function TabCount({
  count,
  noun,
  variant,
}: {
  count: number | undefined
  /** What is counted, for screen readers ("unread"). */
  noun: string
  variant: BadgeProps['variant']
}) {
  if (!count) return null
  return (
    <Badge variant={variant} aria-label={`${count} ${noun}`}>
      {count}
    </Badge>
  )
}
