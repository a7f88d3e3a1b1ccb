import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useFailureToast } from '../../../lib/use-failure-toast'
import { Skeleton } from '../../../ui/skeleton'
import { taxQueries } from './api'
import { RateTables } from './rate-tables'
import { TaxCalculator } from './tax-calculator'
import { TaxSettingsForm } from './tax-settings-form'

/** Sales tax (issue 34): the settings, the ZIP rate tables, and a calculator to check them. */
export function TaxSettingsPage() {
  const settings = useQuery(taxQueries.settings())
  useFailureToast('Failed to load the tax settings', settings.error)
  return (
    <div className="max-w-4xl space-y-12">
      <Section id="tax-settings-title" title="Sales tax">
        {settings.data ? (
          <TaxSettingsForm settings={settings.data} />
        ) : (
          <div className="space-y-3">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-40 w-full" />
          </div>
        )}
      </Section>
      <Section
        id="tax-tables-title"
        title="Rate tables"
        description="ZIP-level rates, one file a state, in the widely published free layout. An order uses the table in force on its day."
      >
        <RateTables />
      </Section>
      <Section
        id="tax-calculator-title"
        title="Test calculator"
        description="The tax an order would carry today, from the saved settings and the tables in force."
      >
        <TaxCalculator />
      </Section>
    </div>
  )
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description?: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="font-display text-2xl text-ink">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-ink-muted">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  )
}
