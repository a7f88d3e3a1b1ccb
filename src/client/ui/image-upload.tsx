import { CircleCheck, ImageUp, RotateCcw, TriangleAlert, X } from 'lucide-react'
import { type DragEvent, useRef, useState } from 'react'
import { UPLOAD_MESSAGES, uploadRefusal } from '../../shared/media/image-files'
import { ApiError } from '../lib/api'
import { cn } from '../lib/cn'
import { failureMessage } from '../lib/mutation-toasts'
import { Button } from './button'
import { toast } from './use-toast'

// Image uploads for every screen that takes pictures (products, category images, testimonials):
// files are checked in the browser with the specification's messages before anything is sent
// (the server checks again), each file has its own progress bar, and a failed one can be retried.

export interface Upload {
  key: string
  file: File
  progress: number
  state: 'sending' | 'done' | 'failed'
  error?: string
  /** False when the server refused the file itself: sending the same file again cannot succeed. */
  retryable?: boolean
}

/** A refusal of the file (its type, size, content) rather than a network or server failure. */
const refusedFile = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status)

/** Sends one file; resolves to the stored image URLs the server answered. */
export type SendFile = (file: File, onProgress: (fraction: number) => void) => Promise<string[]>

const CONCURRENT_UPLOADS = 2
let uploadCount = 0

export function useImageUploads({
  send,
  onUploaded,
}: {
  send: SendFile
  onUploaded: (urls: string[]) => void
}) {
  const [uploads, setUploads] = useState<Upload[]>([])
  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)))

  const run = async (batch: Upload[]) => {
    let succeeded = 0
    const queue = [...batch]
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { key, file } = next
        try {
          const urls = await send(file, (progress) => patch(key, { progress }))
          patch(key, { state: 'done', progress: 1 })
          succeeded += 1
          onUploaded(urls)
        } catch (error) {
          patch(key, { state: 'failed', error: failureMessage(error), retryable: !refusedFile(error) })
          toast({ variant: 'destructive', title: UPLOAD_MESSAGES.failed, description: failureMessage(error) })
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_UPLOADS, batch.length) }, worker))
    if (succeeded > 0) toast({ variant: 'success', ...UPLOAD_MESSAGES.uploaded(succeeded) })
    // Finished bars fade out of the list; failed ones stay until retried or dismissed.
    setUploads((all) => all.filter((upload) => upload.state !== 'done'))
  }

  const start = (files: File[]) => {
    const accepted: Upload[] = []
    for (const file of files) {
      const refusal = uploadRefusal(file)
      if (refusal) {
        toast({ variant: 'destructive', ...refusal })
        continue
      }
      uploadCount += 1
      accepted.push({ key: `upload-${uploadCount}`, file, progress: 0, state: 'sending' })
    }
    if (accepted.length === 0) return
    setUploads((all) => [...all, ...accepted])
    void run(accepted)
  }

  const retry = (key: string) => {
    const failed = uploads.find((upload) => upload.key === key)
    if (!failed) return
    const again = { ...failed, state: 'sending' as const, progress: 0, error: undefined }
    patch(key, again)
    void run([again])
  }

  const dismiss = (key: string) => setUploads((all) => all.filter((upload) => upload.key !== key))
  /** Forgets finished and failed rows: the form they belonged to was sent or reset. */
  const clear = () => setUploads((all) => all.filter((upload) => upload.state === 'sending'))
  return {
    uploads,
    start,
    retry,
    dismiss,
    clear,
    busy: uploads.some((upload) => upload.state === 'sending'),
  }
}

export interface FileDropzoneProps {
  inputId: string
  onFiles: (files: File[]) => void
  multiple?: boolean
  disabled?: boolean
  label?: string
  hint?: string
  className?: string
}

/** Click to pick, or drop files here. The input is real and labelled, so keyboards and screen readers use it directly. */
export function FileDropzone({
  inputId,
  onFiles,
  multiple,
  disabled,
  label,
  hint,
  className,
}: FileDropzoneProps) {
  const [over, setOver] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    if (disabled) return
    const files = [...event.dataTransfer.files]
    onFiles(multiple ? files : files.slice(0, 1))
  }
  return (
    <label
      htmlFor={inputId}
      onDragOver={(event) => {
        event.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        'flex cursor-pointer flex-col items-center justify-center gap-2 border border-dashed border-ink/25 px-4 py-6 text-center transition-colors',
        'focus-within:border-jade-700 hover:border-jade-700 hover:bg-jade-50/50',
        over && 'border-jade-700 bg-jade-50',
        disabled && 'pointer-events-none opacity-50',
        className,
      )}
    >
      <ImageUp className="size-6 text-jade-700" aria-hidden />
      <span className="text-sm font-medium text-ink">
        {label ?? (multiple ? 'Upload images' : 'Upload an image')}
      </span>
      <span className="text-xs text-ink-muted">
        {hint ?? 'JPEG, PNG, WebP, GIF or AVIF, up to 5 MB each'}
      </span>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        multiple={multiple}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])])
          // The same file can be picked again after a failure.
          event.target.value = ''
        }}
      />
    </label>
  )
}

export function UploadProgressList({
  uploads,
  onRetry,
  onDismiss,
}: {
  uploads: Upload[]
  onRetry: (key: string) => void
  onDismiss: (key: string) => void
}) {
  if (uploads.length === 0) return null
  return (
    <ul className="grid gap-2" aria-label="Uploads">
      {uploads.map((upload) => (
        <li key={upload.key} className="grid gap-1.5 border border-ink/10 px-3 py-2 text-sm">
          <div className="flex items-center gap-2">
            {upload.state === 'failed' ? (
              <TriangleAlert className="size-4 shrink-0 text-destructive" aria-hidden />
            ) : upload.state === 'done' ? (
              <CircleCheck className="size-4 shrink-0 text-jade-700" aria-hidden />
            ) : null}
            <span className="min-w-0 flex-1 truncate">{upload.file.name}</span>
            <span className="tabular-nums text-ink-muted">
              {upload.state === 'failed' ? 'Failed' : `${Math.round(upload.progress * 100)}%`}
            </span>
            {upload.state === 'failed' && (
              <>
                {upload.retryable !== false && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="h-8 px-2"
                    onClick={() => onRetry(upload.key)}
                  >
                    <RotateCcw className="size-3.5" aria-hidden /> Retry
                  </Button>
                )}
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="h-8 px-2"
                  aria-label={`Dismiss ${upload.file.name}`}
                  onClick={() => onDismiss(upload.key)}
                >
                  <X className="size-3.5" aria-hidden />
                </Button>
              </>
            )}
          </div>
          <div
            role="progressbar"
            aria-label={`Uploading ${upload.file.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(upload.progress * 100)}
            className="h-1 overflow-hidden bg-sand"
          >
            <div
              className={cn(
                'h-full transition-[width] duration-200',
                upload.state === 'failed' ? 'bg-destructive' : 'bg-jade-700',
              )}
              style={{ width: `${Math.round(upload.progress * 100)}%` }}
            />
          </div>
          {upload.error && <p className="text-xs text-destructive">{upload.error}</p>}
        </li>
      ))}
    </ul>
  )
}
