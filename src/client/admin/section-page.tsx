import type { AdminSection } from './sections'

// Each back-office page arrives with its own feature; until then its place in the shell names it.
export function SectionPage({ section }: { section: AdminSection }) {
  const Icon = section.icon
  return (
    <section>
      <h1 className="flex items-center gap-3 font-display text-4xl text-ink">
        <Icon className="size-7 text-jade-700" aria-hidden />
        {section.label}
      </h1>
      <p className="mt-2 text-ink-muted">{section.description}</p>
    </section>
  )
}
