import { Separator as SeparatorPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '../lib/cn'

export type SeparatorProps = ComponentProps<typeof SeparatorPrimitive.Root> & {
  /** Gold for the few rules that frame something precious (a featured piece, a section title). */
  tone?: 'ink' | 'gold'
}

/** A hairline; decorative (hidden from assistive technology) unless told otherwise. */
export function Separator({
  className,
  orientation = 'horizontal',
  decorative = true,
  tone = 'ink',
  ...props
}: SeparatorProps) {
  return (
    <SeparatorPrimitive.Root
      orientation={orientation}
      decorative={decorative}
      className={cn(
        'shrink-0',
        orientation === 'horizontal' ? 'h-px w-full' : 'h-full w-px',
        tone === 'gold' ? 'bg-gold/70' : 'bg-ink/10',
        className,
      )}
      {...props}
    />
  )
}
