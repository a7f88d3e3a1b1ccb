import type { ReactNode } from 'react'

/** A titled part of the profile, shown the same whether read or edited. */
export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-4 font-sans text-xs font-medium uppercase tracking-[0.2em] text-ink-muted">
        {title}
      </h3>
      {children}
    </section>
  )
}
