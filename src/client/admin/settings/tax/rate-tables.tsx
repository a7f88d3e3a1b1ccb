import { useQuery } from '@tanstack/react-query'
import { Upload } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { dayIn } from '../../../../shared/shop-dates/wall-time'
import { formatRate, stateName } from '../../../../shared/tax/schema'
import type { RateTablePreview } from '../../../../shared/tax/tables'
import { ApiError } from '../../../lib/api'
import { failureMessage } from '../../../lib/mutation-toasts'
import { useShopTimeZone } from '../../../lib/shop-time-zone'
import { useFailureToast } from '../../../lib/use-failure-toast'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { Select } from '../../../ui/select'
import { Skeleton } from '../../../ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../ui/table'
import { UsStateOptions } from '../../../ui/us-state-options'
import { taxQueries, useApplyTable, useUploadTable } from './api'

const rate = (value: number | null) => (value === null ? '—' : formatRate(value))

/** Upload a state's ZIP table, check its differences with the table in force, then apply it. */
export function RateTables() {
  const tables = useQuery(taxQueries.tables())
  useFailureToast('Failed to load the rate tables', tables.error)
  const upload = useUploadTable()
  const apply = useApplyTable()
  const [state, setState] = useState('TX')
  // The shop's day, as the server reads a table's first day.
  const today = dayIn(useShopTimeZone())
  const [effectiveFrom, setEffectiveFrom] = useState(today)
  const [file, setFile] = useState<File>()
  const [preview, setPreview] = useState<RateTablePreview>()

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!file) return
    setPreview(undefined)
    upload.mutate({ file, state, effectiveFrom }, { onSuccess: setPreview })
  }

  const problems = upload.error instanceof ApiError ? upload.error.fieldErrors : []
  return (
    <div className="space-y-6">
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end">
        <FormField label="State" htmlFor="tax-table-state">
          <Select value={state} onChange={(event) => setState(event.target.value)}>
            <UsStateOptions />
          </Select>
        </FormField>
        <FormField label="Effective from" htmlFor="tax-table-date">
          <Input
            type="date"
            value={effectiveFrom}
            onChange={(event) => setEffectiveFrom(event.target.value)}
          />
        </FormField>
        <FormField label="Rate table (CSV)" htmlFor="tax-table-file">
          <Input
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => setFile(event.target.files?.[0])}
            className="file:mr-3 file:border-0 file:bg-transparent file:text-sm file:text-jade-700"
          />
        </FormField>
        <Button type="submit" variant="secondary" disabled={!file || upload.isPending}>
          <Upload className="size-4" aria-hidden /> {upload.isPending ? 'Reading...' : 'Preview'}
        </Button>
      </form>

      {upload.isError && (
        <div role="alert" className="rounded-sm border border-destructive/30 bg-destructive/5 p-4 text-sm">
          <p className="font-medium text-destructive">{failureMessage(upload.error)}</p>
          {problems.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-ink">
              {problems.map((problem) => (
                <li key={`${problem.field}-${problem.message}`}>
                  <span className="font-medium">{problem.field}:</span> {problem.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      {preview && (
        <section
          aria-labelledby="tax-preview-title"
          className="rounded-sm border border-jade-700/30 bg-sand/50 p-4"
        >
          <h4 id="tax-preview-title" className="font-display text-lg text-ink">
            {stateName(preview.state)}, version {preview.version}, from {preview.effectiveFrom}
          </h4>
          <p className="mt-1 text-sm text-ink">
            {preview.rows} ZIP codes: {preview.added} new, {preview.changed} changed, {preview.removed}{' '}
            removed against the table in force on that day.
          </p>
          {preview.sample.length > 0 && (
            <Table containerClassName="mt-3" className="text-sm">
              <TableHeader>
                <TableRow>
                  <TableHead>ZIP</TableHead>
                  <TableHead className="hidden sm:table-cell">Region</TableHead>
                  <TableHead className="text-right">Before</TableHead>
                  <TableHead className="text-right">After</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {preview.sample.map((change) => (
                  <TableRow key={change.zipCode}>
                    <TableCell className="tabular-nums">
                      {change.zipCode}
                      <span className="block text-xs text-ink-muted sm:hidden">{change.regionName}</span>
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">{change.regionName}</TableCell>
                    <TableCell className="text-right tabular-nums">{rate(change.before)}</TableCell>
                    <TableCell className="text-right tabular-nums">{rate(change.after)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            <Button
              disabled={apply.isPending}
              onClick={() => apply.mutate(preview.id, { onSuccess: () => setPreview(undefined) })}
            >
              Apply this table
            </Button>
            <Button variant="ghost" onClick={() => setPreview(undefined)}>
              Not now
            </Button>
          </div>
        </section>
      )}

      {tables.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : tables.data && tables.data.items.length > 0 ? (
        <Table className="text-sm">
          <TableHeader>
            <TableRow>
              <TableHead>State</TableHead>
              <TableHead className="hidden sm:table-cell">Effective</TableHead>
              <TableHead className="hidden text-right sm:table-cell">ZIPs</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tables.data.items.map((table) => (
              <TableRow key={table.id}>
                <TableCell>
                  {stateName(table.state)} <span className="text-ink-muted">v{table.version}</span>
                  <span className="block text-xs text-ink-muted sm:hidden">
                    from {table.effectiveFrom} · {table.rows} ZIPs
                  </span>
                </TableCell>
                <TableCell className="hidden whitespace-nowrap tabular-nums sm:table-cell">
                  {table.effectiveFrom}
                </TableCell>
                <TableCell className="hidden text-right tabular-nums sm:table-cell">{table.rows}</TableCell>
                <TableCell>
                  {table.inForce ? (
                    <Badge variant="jade">In force</Badge>
                  ) : table.status === 'applied' ? (
                    <Badge variant="gold">{table.effectiveFrom > today ? 'Scheduled' : 'Replaced'}</Badge>
                  ) : (
                    <Badge>Not applied</Badge>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <p className="rounded-sm bg-sand px-4 py-3 text-sm text-ink-muted">
          No rate table yet. Without one, orders into a registered state are taxed at its state rate and
          flagged.
        </p>
      )}
    </div>
  )
}
