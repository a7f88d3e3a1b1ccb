import { FileText, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { Answer } from '../../../shared/contract'
import { mediaAdminContract as media } from '../../../shared/media/admin-contract'
import { CERTIFICATE_ACCEPT, certificateRefusal } from '../../../shared/media/image-files'
import { failureMessage } from '../../lib/mutation-toasts'
import { uploadFile } from '../../lib/upload'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'
import { Label } from '../../ui/label'

/** What a stored certificate is called when the name it was picked under is not known (a saved one). */
const storedName = (url: string) => (url.endsWith('.pdf') ? 'Certificate (PDF)' : 'Certificate (image)')

/**
 * The scanned resale or exemption certificate (issue 34): a PDF or an image, sent to the shop's
 * private store as soon as it is picked, and opened through the back office (never a public
 * address). A failed upload says why beside the field and leaves everything else in the dialog as
 * typed. The control that had focus goes away when a file arrives or is removed, so focus moves to
 * what replaces it (the file's link, the file input), and a polite live region says what happened.
 */
export function CertificateFileField({
  id,
  url,
  onChange,
  onBusy,
}: {
  id: string
  url: string | undefined
  onChange: (url: string | undefined) => void
  onBusy: (busy: boolean) => void
}) {
  const [name, setName] = useState<string>()
  const [progress, setProgress] = useState<number>()
  const [error, setError] = useState<string>()
  const [status, setStatus] = useState('')
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const link = useRef<HTMLAnchorElement>(null)
  const input = useRef<HTMLInputElement>(null)
  // Where focus goes once the field has drawn its new state; only after the member acted here.
  const focusNext = useRef<'link' | 'input' | undefined>(undefined)
  useEffect(() => {
    if (!focusNext.current) return
    const target = focusNext.current === 'link' ? link.current : input.current
    if (!target) return
    focusNext.current = undefined
    target.focus()
  })

  async function pick(file: File | undefined) {
    if (!file) return
    const refused = certificateRefusal(file)?.description
    setError(refused)
    if (refused) return
    setProgress(0)
    setStatus(`Uploading ${file.name}…`)
    onBusy(true)
    try {
      const stored = await uploadFile<Answer<typeof media.uploadTaxCertificate>>(
        media.uploadTaxCertificate.path,
        'file',
        file,
        setProgress,
      )
      setName(file.name)
      setStatus(`${file.name} uploaded. It is kept with the exemption when you save.`)
      focusNext.current = 'link'
      onChange(stored.url)
    } catch (failure) {
      const message = failureMessage(failure)
      setStatus('')
      setError(message.includes(file.name) ? message : `${file.name} was not uploaded: ${message}`)
      focusNext.current = 'input'
    } finally {
      setProgress(undefined)
      onBusy(false)
    }
  }

  return (
    <div className="grid min-w-0 content-start gap-2">
      {url ? (
        <fieldset className="min-w-0">
          <legend className="mb-2 text-sm font-medium text-ink">Certificate file</legend>
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 border border-ink/10 bg-sand/50 px-3 py-2">
            <FileText className="size-4 shrink-0 text-jade-700" aria-hidden />
            <a
              ref={link}
              href={url}
              target="_blank"
              rel="noopener"
              title={name}
              className="min-w-0 flex-1 basis-40 truncate text-sm text-jade-700 underline underline-offset-2 hover:text-jade-800"
            >
              {name ?? storedName(url)}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                setStatus(`${name ?? storedName(url)} removed. Save to keep the exemption without it.`)
                setName(undefined)
                focusNext.current = 'input'
                onChange(undefined)
              }}
            >
              <X className="size-4" aria-hidden />
              Remove file
            </Button>
          </div>
        </fieldset>
      ) : (
        <>
          <Label htmlFor={id}>Certificate file</Label>
          <Input
            ref={input}
            id={id}
            type="file"
            accept={CERTIFICATE_ACCEPT}
            disabled={progress !== undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => {
              void pick(event.target.files?.[0])
              // The same file can be picked again after a failure.
              event.target.value = ''
            }}
            className="min-w-0 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:text-jade-700"
          />
          <p id={hintId} className="text-sm text-ink-muted">
            {progress === undefined
              ? 'A PDF, or a photo or scan (JPEG, PNG, WebP or HEIC), up to 5 MB.'
              : `Uploading… ${Math.round(progress * 100)}%`}
          </p>
        </>
      )}
      {/* Always in the page, so screen readers hear each change of its text. */}
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
