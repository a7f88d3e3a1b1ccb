import type { ComponentProps } from 'react'
import { cn } from '../lib/cn'

export type TableProps = ComponentProps<'table'> & {
  /**
   * Classes for the scrolling wrapper. The header sticks to the top of this wrapper, so give it a
   * height limit (e.g. `max-h-[70vh]`) when the table is long enough for the header to matter.
   */
  containerClassName?: string
}

// Separate borders rather than collapsed: collapsed borders scroll away from a sticky header.
export function Table({ className, containerClassName, ...props }: TableProps) {
  return (
    <div className={cn('relative w-full overflow-auto', containerClassName)}>
      <table
        className={cn('w-full caption-bottom border-separate border-spacing-0 text-sm', className)}
        {...props}
      />
    </div>
  )
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('sticky top-0 z-10', className)} {...props} />
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child>td]:border-b-0', className)} {...props} />
}

export function TableFooter({ className, ...props }: ComponentProps<'tfoot'>) {
  return <tfoot className={cn('font-medium [&_td]:border-t [&_td]:border-ink/15', className)} {...props} />
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={cn(
        'transition-colors hover:bg-jade-50/60 data-[state=selected]:bg-jade-50 aria-selected:bg-jade-50',
        className,
      )}
      {...props}
    />
  )
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      className={cn(
        'h-10 border-b border-ink/15 bg-ivory px-3 text-left align-middle text-xs font-medium',
        'whitespace-nowrap uppercase tracking-[0.08em] text-ink-muted',
        className,
      )}
      {...props}
    />
  )
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('border-b border-ink/10 px-3 py-2.5 align-middle', className)} {...props} />
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-sm text-ink-muted', className)} {...props} />
}
