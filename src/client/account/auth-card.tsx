import type { ReactNode } from 'react'

/** The narrow, centred frame of the sign-in, forgot-password and reset-password pages. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: ReactNode
  description?: ReactNode
  children: ReactNode
}) {
  return (
    <section className="mx-auto max-w-md px-4 py-16 sm:py-24">
      <h1 className="text-center font-display text-4xl text-ink">{title}</h1>
      {description && <p className="mt-3 text-center leading-relaxed text-ink-muted">{description}</p>}
      <div className="mt-10">{children}</div>
    </section>
  )
}
