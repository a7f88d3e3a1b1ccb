import { LoaderCircle } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '../lib/cn'

export type SpinnerProps = ComponentProps<'span'> & {
  /** Read by screen readers in place of the spinning icon. */
  label?: string
}

export function Spinner({ label = 'Loading', className, ...props }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center text-jade-700', className)} {...props}>
      <LoaderCircle className="size-5 animate-spin" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  )
}
