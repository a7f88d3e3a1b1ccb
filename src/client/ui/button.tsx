import { cva, type VariantProps } from 'class-variance-authority'
import { LoaderCircle } from 'lucide-react'
import { type ComponentProps, cloneElement, isValidElement, type ReactNode } from 'react'
import { cn } from '../lib/cn'

export const buttonVariants = cva(
  [
    'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-sm',
    'font-medium tracking-wide transition-colors duration-200 [&_svg]:pointer-events-none [&_svg]:shrink-0',
    'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50',
    'aria-busy:cursor-progress',
  ],
  {
    variants: {
      variant: {
        primary: 'bg-jade-700 text-ivory hover:bg-jade-800 active:bg-jade-900',
        secondary: 'border border-ink/25 bg-transparent text-ink hover:border-ink hover:bg-ink/[0.03]',
        // Text colour stays put on hover so the same button works on the dark jade panels.
        ghost: 'text-ink hover:bg-jade-50',
        link: 'text-jade-700 underline decoration-gold/60 underline-offset-4 hover:decoration-jade-700',
        destructive: 'bg-destructive text-ivory hover:bg-destructive/90',
        'gold-outline': 'border border-gold bg-transparent text-gold-deep hover:bg-gold/10',
      },
      size: {
        sm: 'h-9 px-3 text-sm',
        // 44px: the smallest comfortable touch target.
        md: 'h-11 px-5 text-sm',
        lg: 'h-12 px-8 text-base',
        icon: 'size-11',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
)

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (a router Link, an anchor) with the button's look instead of a <button>. */
    asChild?: boolean
    /** Disables the button and shows a spinner; ignored with asChild, where there is nothing to disable. */
    loading?: boolean
  }

export function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  disabled,
  type,
  children,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className)
  if (asChild) {
    return (
      // A link cannot be disabled natively; aria-disabled announces it and the styles above dim it.
      lendTo(children, { ...props, className: classes, 'aria-disabled': disabled || undefined })
    )
  }
  return (
    <button
      // A button inside a form submits by default; only an explicit type should do that.
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
      {children}
    </button>
  )
}

type Props = Record<string, unknown>
type Handler = (...args: unknown[]) => void

/**
 * asChild: the button's classes and props go onto its single child element. The classes are
 * merged; where both define the same event handler, the child's runs first, then the button's.
 * (A few lines instead of Radix's Slot, which would weigh on every page of the storefront.)
 */
function lendTo(child: ReactNode, props: Props) {
  if (!isValidElement<Props>(child)) return null
  const own = child.props
  const merged: Props = {
    ...props,
    ...own,
    className: cn(props.className as string, own.className as string),
  }
  for (const key of Object.keys(props)) {
    const mine = props[key]
    const theirs = own[key]
    if (/^on[A-Z]/.test(key) && typeof mine === 'function' && typeof theirs === 'function') {
      merged[key] = (...args: unknown[]) => {
        ;(theirs as Handler)(...args)
        ;(mine as Handler)(...args)
      }
    }
  }
  return cloneElement(child, merged)
}
