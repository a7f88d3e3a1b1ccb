import type { ComponentProps } from 'react'
import { cn } from '../lib/cn'
import { useFieldControlProps } from './form-field'

/**
 * Shared by every text-like control. The border is ink at 50% (3:1 on ivory) so the field's edge
 * meets AA for non-text contrast; text-base on phones stops iOS zooming into the field on focus.
 */
export const fieldClasses = [
  'w-full rounded-sm border border-ink/50 bg-ivory text-base text-ink sm:text-sm',
  'placeholder:text-ink-muted transition-colors duration-200 hover:border-ink/70',
  'focus-visible:border-jade-700 disabled:cursor-not-allowed disabled:opacity-50',
  'aria-invalid:border-destructive',
]

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  const fieldProps = useFieldControlProps(props)
  return (
    <input
      type={type}
      className={cn(
        fieldClasses,
        'h-11 px-3',
        'file:mr-3 file:border-0 file:bg-transparent file:font-medium file:text-jade-700',
        className,
      )}
      {...props}
      {...fieldProps}
    />
  )
}
