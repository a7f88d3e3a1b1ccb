import { ChevronDown } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '../lib/cn'
import { useFieldControlProps } from './form-field'
import { fieldClasses } from './input'

/**
 * A native <select>: the platform picker is keyboard, screen-reader and touch friendly for free,
 * and on phones it opens the system wheel. className lands on the wrapper, so widths set there keep
 * the chevron aligned with the control's edge.
 */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  const fieldProps = useFieldControlProps(props)
  return (
    <div className={cn('relative w-full', className)}>
      <select
        className={cn(fieldClasses, 'h-11 cursor-pointer appearance-none pr-10 pl-3')}
        {...props}
        {...fieldProps}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-muted"
        aria-hidden
      />
    </div>
  )
}
