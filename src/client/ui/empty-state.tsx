import type { ComponentProps, ReactNode } from 'react'
import { cn } from '../lib/cn'

export type EmptyStateProps = Omit<ComponentProps<'div'>, 'title'> & {
  /** A lucide icon, sized by the caller (size-8 reads well) and marked aria-hidden. */
  icon?: ReactNode
  title: ReactNode
  /** One line of copy saying what is missing or what to do. */
  description?: ReactNode
  /** One clear next step, usually a Button. */
  action?: ReactNode
  /** 1 when the empty state is the whole page (a link's landing page), so the page has its h1. */
  level?: 1 | 2
}

export function EmptyState({
  icon,
  title,
  description,
  action,
  level = 2,
  className,
  ...props
}: EmptyStateProps) {
  const Heading = level === 1 ? 'h1' : 'h2'
  return (
    <div
      className={cn('mx-auto flex max-w-md flex-col items-center px-4 py-12 text-center', className)}
      {...props}
    >
      {icon && (
        <div className="mb-6 flex size-16 items-center justify-center rounded-full border border-gold/50 text-jade-700">
          {icon}
        </div>
      )}
      <Heading className="font-display text-3xl font-medium leading-tight text-ink">{title}</Heading>
      {description && <p className="mt-3 text-sm leading-relaxed text-ink-muted">{description}</p>}
      {action && <div className="mt-8">{action}</div>}
    </div>
  )
}
