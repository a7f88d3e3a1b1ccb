import type { ComponentProps } from 'react'

/**
 * Text for screen readers only, when a visible label would repeat what the layout already shows.
 * Same as Tailwind's `sr-only`; this exists for the cases where a component reads better than a class.
 */
export function VisuallyHidden(props: ComponentProps<'span'>) {
  return <span className="sr-only" {...props} />
}
