import type { ImportProgress, ImportRowError } from '../../../shared/catalog-import/schema'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table'

// The import dialog's pieces: its figures, its progress bar and its table of row problems.

/** More rows than this stay in the downloadable report. */
const ERRORS_SHOWN = 100

export function ImportFigures({
  label,
  figures,
}: {
  label: string
  figures: { label: string; value: number }[]
}) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map((figure) => (
        <div key={figure.label} className="border border-ink/10 px-3 py-2">
          <dt className="text-xs text-ink-muted">{figure.label}</dt>
          <dd className="font-display text-2xl text-ink">{figure.value.toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The rows done against the rows in the file; its track is ink/10 (as the cart's), so the rest shows. */
export function ImportProgressBar({ progress }: { progress: ImportProgress }) {
  const fraction = progress.rowsTotal === 0 ? 1 : progress.rowsDone / progress.rowsTotal
  return (
    <div className="grid gap-2">
      <div
        role="progressbar"
        aria-label="Rows imported"
        aria-valuemin={0}
        aria-valuemax={progress.rowsTotal}
        aria-valuenow={progress.rowsDone}
        className="h-3 w-full overflow-hidden bg-ink/10"
      >
        <div
          className="h-full bg-jade-700 transition-[width]"
          style={{ width: `${Math.round(fraction * 100)}%` }}
        />
      </div>
      <p className="text-sm text-ink-muted" aria-live="polite">
        {progress.rowsDone.toLocaleString('en-US')} of {progress.rowsTotal.toLocaleString('en-US')} rows ·{' '}
        {progress.imagesFetched.toLocaleString('en-US')} pictures stored
      </p>
    </div>
  )
}

export function ImportErrors({ errors, caption }: { errors: ImportRowError[]; caption: string }) {
  if (errors.length === 0) return null
  const shown = errors.slice(0, ERRORS_SHOWN)
  return (
    <div className="grid gap-2">
      {/* No scrolling box of its own (the dialog scrolls); long words wrap anywhere, so it fits 320 px. */}
      <Table containerClassName="border border-ink/10" aria-label={caption}>
        <TableCaption className="sr-only">{caption}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead className="w-14">Line</TableHead>
            <TableHead>Column</TableHead>
            <TableHead>Problem</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((error) => (
            <TableRow key={`${error.line}-${error.column}-${error.message}`}>
              <TableCell className="tabular-nums">{error.line}</TableCell>
              <TableCell className="[overflow-wrap:anywhere]">{error.column}</TableCell>
              <TableCell className="[overflow-wrap:anywhere]">{error.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {errors.length > shown.length && (
        <p className="text-sm text-ink-muted">
          And {errors.length - shown.length} more in the report you can download once the import ends.
        </p>
      )}
    </div>
  )
}
