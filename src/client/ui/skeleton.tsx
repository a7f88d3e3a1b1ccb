import type { ComponentProps } from 'react'
import { cn } from '../lib/cn'

/**
 * A placeholder block; size it like what it stands for. Hidden from assistive technology: the
 * region that is loading should say so (aria-busy or a Spinner), not every block in it.
 */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden
      className={cn(
        'animate-shimmer rounded-sm bg-sand bg-[length:200%_100%] bg-no-repeat',
        'bg-[linear-gradient(90deg,transparent_25%,rgb(255_255_255/0.6)_50%,transparent_75%)]',
        className,
      )}
      {...props}
    />
  )
}
