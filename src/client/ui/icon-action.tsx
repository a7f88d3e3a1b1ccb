import type { ReactNode } from 'react'
import { cn } from '../lib/cn'
import { Button } from './button'
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip'

/**
 * A row action shown as its icon alone (a list stays one line per row): the accessible name says
 * what it does to which row, a tooltip shows the word on hover and focus. Destructive by default,
 * since that is what a lone icon in a row usually is.
 */
export function IconAction({
  label,
  tip,
  onClick,
  children,
  tone = 'destructive',
}: {
  /** "Delete Imperial Green Bangle" */
  label: string
  /** "Delete" */
  tip: string
  onClick: () => void
  children: ReactNode
  tone?: 'destructive' | 'neutral'
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          onClick={onClick}
          className={cn('size-9', tone === 'destructive' && 'text-destructive hover:bg-destructive/10')}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{tip}</TooltipContent>
    </Tooltip>
  )
}
