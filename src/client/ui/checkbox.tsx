import { Check, Minus } from 'lucide-react'
import { Checkbox as CheckboxPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '../lib/cn'
import { useFieldControlProps } from './form-field'

/** Pair it with a <Label htmlFor> beside it: the label widens the click and touch target. */
export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  const fieldProps = useFieldControlProps(props)
  return (
    <CheckboxPrimitive.Root
      className={cn(
        'peer group inline-flex size-5 shrink-0 cursor-pointer items-center justify-center rounded-[3px]',
        'border border-ink/50 bg-ivory text-ivory transition-colors duration-200 hover:border-jade-700',
        'data-[state=checked]:border-jade-700 data-[state=checked]:bg-jade-700',
        'data-[state=indeterminate]:border-jade-700 data-[state=indeterminate]:bg-jade-700',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
      {...fieldProps}
    >
      <CheckboxPrimitive.Indicator>
        <Check className="size-3.5 group-data-[state=indeterminate]:hidden" strokeWidth={2.5} aria-hidden />
        <Minus
          className="hidden size-3.5 group-data-[state=indeterminate]:block"
          strokeWidth={2.5}
          aria-hidden
        />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  )
}
