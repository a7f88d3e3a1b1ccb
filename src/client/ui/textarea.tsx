import type { ComponentProps } from 'react'
import { cn } from '../lib/cn'
import { useFieldControlProps } from './form-field'
import { fieldClasses } from './input'

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  const fieldProps = useFieldControlProps(props)
  return (
    <textarea
      rows={rows}
      className={cn(fieldClasses, 'min-h-28 resize-y px-3 py-2.5 leading-relaxed', className)}
      {...props}
      {...fieldProps}
    />
  )
}
