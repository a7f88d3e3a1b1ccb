import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { capitalize, PRODUCT_CATEGORIES } from '../../../shared/catalog/rules'
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportPreview,
  type ImportProgress,
} from '../../../shared/catalog-import/schema'
import { ApiError } from '../../lib/api'
import { failureMessage } from '../../lib/mutation-toasts'
import { Button } from '../../ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { Select } from '../../ui/select'
import { Skeleton } from '../../ui/skeleton'
import {
  importQueries,
  reportUrl,
  useConfirmImport,
  usePreviewImport,
  useRefreshAfterImport,
} from './import-api'
import { ImportErrors, ImportFigures, ImportProgressBar } from './import-parts'

/**
 * Import products (issue 37) at /admin/products/import: choose the CSV (and a ZIP of pictures),
 * read the dry run, give the unmapped categories a home, confirm, and watch the job. The import's
 * id is in the address (?id=), so a reload comes back to the same step.
 */
export function ImportDialog({
  open,
  importId,
  onImportId,
  onClose,
}: {
  open: boolean
  importId: string | undefined
  onImportId: (id: string | undefined) => void
  onClose: () => void
}) {
  // The dry run's counts, known only from the answer that made it (a reload shows the rows ready).
  const [preview, setPreview] = useState<ImportPreview>()
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        {importId ? (
          <ImportStatus
            key={importId}
            id={importId}
            preview={preview?.id === importId ? preview : undefined}
            onStartOver={() => onImportId(undefined)}
          />
        ) : (
          <ChooseFiles
            onPreview={(result) => {
              setPreview(result)
              onImportId(result.id)
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

const LIMIT_MB = IMPORT_MAX_BYTES / 1024 / 1024

function ChooseFiles({ onPreview }: { onPreview: (preview: ImportPreview) => void }) {
  const [csv, setCsv] = useState<File>()
  const [zip, setZip] = useState<File>()
  const [missing, setMissing] = useState(false)
  const send = usePreviewImport()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!csv) return setMissing(true)
    send.mutate({ csv, zip }, { onSuccess: onPreview })
  }
  const fieldErrors = send.error instanceof ApiError ? send.error.fieldErrors : []
  const errorOf = (field: string) => fieldErrors.find((error) => error.field === field)?.message
  const general = send.error && fieldErrors.length === 0 ? failureMessage(send.error) : undefined
  return (
    <form onSubmit={submit} className="grid gap-6" noValidate>
      <DialogHeader>
        <DialogTitle>Import Products</DialogTitle>
        <DialogDescription>
          A CSV exported from Jade Shop or from Shopify, up to {IMPORT_MAX_ROWS.toLocaleString('en-US')} rows
          and {LIMIT_MB} MB. You will see what changes before anything is saved.
        </DialogDescription>
      </DialogHeader>
      <FormField
        label="CSV file"
        htmlFor="import-csv"
        error={missing && !csv ? 'Choose a CSV file to import' : errorOf('file')}
      >
        <Input
          type="file"
          accept=".csv,text/csv"
          className="h-auto py-2"
          onChange={(event) => {
            setCsv(event.target.files?.[0])
            send.reset()
          }}
        />
      </FormField>
      <FormField
        label="Pictures (ZIP, optional)"
        htmlFor="import-zip"
        hint="Pictures named in the file are taken from the ZIP by file name; web addresses are fetched."
        error={errorOf('images')}
      >
        <Input
          type="file"
          accept=".zip,application/zip"
          className="h-auto py-2"
          onChange={(event) => {
            setZip(event.target.files?.[0])
            send.reset()
          }}
        />
      </FormField>
      {general && (
        <p role="alert" className="text-sm text-destructive">
          {general}
        </p>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" loading={send.isPending}>
          Preview Import
        </Button>
      </DialogFooter>
    </form>
  )
}

function ImportStatus({
  id,
  preview,
  onStartOver,
}: {
  id: string
  preview: ImportPreview | undefined
  onStartOver: () => void
}) {
  const query = useQuery(importQueries.progress(id))
  const progress = query.data
  if (query.error)
    return (
      <>
        <DialogHeader>
          <DialogTitle>Import Products</DialogTitle>
          <DialogDescription>{failureMessage(query.error)}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={onStartOver}>Choose a File</Button>
        </DialogFooter>
      </>
    )
  if (!progress)
    return (
      <div className="grid gap-4" aria-busy>
        <DialogTitle>Import Products</DialogTitle>
        <Skeleton className="h-24 w-full" />
      </div>
    )
  return progress.confirmed ? (
    <Running progress={progress} />
  ) : (
    <Review progress={progress} preview={preview} onStartOver={onStartOver} />
  )
}

function Review({
  progress,
  preview,
  onStartOver,
}: {
  progress: ImportProgress
  preview: ImportPreview | undefined
  onStartOver: () => void
}) {
  const [categoryMap, setCategoryMap] = useState<Record<string, string>>({})
  const confirm = useConfirmImport()
  const ready = progress.rowsTotal
  const figures = preview
    ? [
        { label: 'To create', value: preview.create },
        { label: 'To update', value: preview.update },
        { label: 'Unchanged', value: preview.unchanged },
        { label: 'Rows with problems', value: new Set(preview.errors.map((error) => error.line)).size },
      ]
    : [
        { label: 'Rows ready', value: ready },
        { label: 'Rows with problems', value: new Set(progress.errors.map((error) => error.line)).size },
      ]
  return (
    <>
      <DialogHeader>
        <DialogTitle>Check the Import</DialogTitle>
        <DialogDescription>
          {progress.format === 'shopify' ? 'A Shopify product CSV.' : 'A Jade Shop catalogue CSV.'} Nothing
          has been saved yet; rows with problems are left out.
        </DialogDescription>
      </DialogHeader>
      <ImportFigures label="What the import will do" figures={figures} />
      {progress.unmappedCategories.length > 0 && (
        <fieldset className="grid gap-4">
          <legend className="mb-2 text-sm font-medium text-ink">
            Choose a category for these, or their pieces are skipped
          </legend>
          {progress.unmappedCategories.map((source, index) => (
            <FormField key={source} label={`“${source}” becomes`} htmlFor={`import-category-${index}`}>
              <Select
                value={categoryMap[source] ?? ''}
                onChange={(event) => setCategoryMap((map) => ({ ...map, [source]: event.target.value }))}
              >
                <option value="">Skip these pieces</option>
                {PRODUCT_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {capitalize(category)}
                  </option>
                ))}
              </Select>
            </FormField>
          ))}
        </fieldset>
      )}
      <ImportErrors errors={progress.errors} caption="Rows with problems" />
      <DialogFooter>
        <Button variant="secondary" onClick={onStartOver}>
          Choose Another File
        </Button>
        <Button
          disabled={ready === 0}
          loading={confirm.isPending}
          onClick={() =>
            confirm.mutate({
              id: progress.id,
              categoryMap: Object.fromEntries(Object.entries(categoryMap).filter(([, category]) => category)),
            })
          }
        >
          Import {ready} {ready === 1 ? 'Row' : 'Rows'}
        </Button>
      </DialogFooter>
    </>
  )
}

function Running({ progress }: { progress: ImportProgress }) {
  const refresh = useRefreshAfterImport()
  const over = progress.status === 'done' || progress.status === 'failed'
  useEffect(() => {
    if (over) void refresh()
  }, [over, refresh])
  const title =
    progress.status === 'done'
      ? 'Import Finished'
      : progress.status === 'failed'
        ? 'Import Stopped'
        : 'Importing…'
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {over
            ? progress.status === 'failed'
              ? 'Something went wrong on our side; the rows done so far are saved. Download the report for the details.'
              : 'The catalogue shows the imported pieces now.'
            : 'You may close this window: the import goes on, and this page shows it again when you come back.'}
        </DialogDescription>
      </DialogHeader>
      <ImportProgressBar progress={progress} />
      {/* The counts so far while it runs (saved with the progress), so the dialog keeps its shape at the end. */}
      <ImportFigures
        label={over ? 'What the import did' : 'What the import has done so far'}
        figures={[
          { label: 'Created', value: progress.created },
          { label: 'Updated', value: progress.updated },
          { label: 'Unchanged', value: progress.unchanged },
          { label: 'Rows with problems', value: new Set(progress.errors.map((error) => error.line)).size },
        ]}
      />
      {over && <ImportErrors errors={progress.errors} caption="Rows not imported" />}
      <DialogFooter>
        {over && (
          <Button variant="secondary" asChild>
            <a href={reportUrl(progress.id)} download>
              Download Report
            </a>
          </Button>
        )}
        <DialogClose asChild>
          <Button>{over ? 'Done' : 'Close'}</Button>
        </DialogClose>
      </DialogFooter>
    </>
  )
}
