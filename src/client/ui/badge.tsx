import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'
import { PRODUCT_STATUS_LABELS, type ProductStatus } from '../../shared/catalog/rules'
import { cn } from '../lib/cn'

export const badgeVariants = cva(
  'inline-flex items-center gap-1 whitespace-nowrap rounded-sm border px-2 py-0.5 text-[0.6875rem] font-medium uppercase leading-4 tracking-[0.1em]',
  {
    variants: {
      // Every text colour here is at least 4.5:1 on its own tint over ivory.
      variant: {
        neutral: 'border-ink/15 text-ink-muted',
        jade: 'border-transparent bg-jade-100 text-jade-800',
        gold: 'border-gold/60 bg-gold/10 text-gold-deep',
        available: 'border-available/20 bg-available/10 text-available',
        sold: 'border-sold/20 bg-sold/10 text-sold',
        reserved: 'border-reserved/20 bg-reserved/10 text-reserved',
        draft: 'border-draft/20 bg-draft/10 text-draft',
        destructive: 'border-transparent bg-destructive text-ivory',
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
)

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />
}

const dotColours: Record<ProductStatus, string> = {
  available: 'bg-available',
  sold: 'bg-sold',
  reserved: 'bg-reserved',
  draft: 'bg-draft',
}

export type StatusDotProps = ComponentProps<'span'> & { status: ProductStatus }

/** A product's availability as a small dot and a word; the word carries the meaning, not the colour. */
export function StatusDot({ status, className, children, ...props }: StatusDotProps) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-sm text-ink', className)} {...props}>
      <span className={cn('size-2 shrink-0 rounded-full', dotColours[status])} aria-hidden />
      {children ?? PRODUCT_STATUS_LABELS[status]}
    </span>
  )
}
