import { X } from 'lucide-react'
import { type KeyboardEvent, useState } from 'react'
import { JOURNAL_LIMITS, normalizeTag, tagLabel } from '../../../shared/journal/rules'
import { Button } from '../../ui/button'
import { FormField } from '../../ui/form-field'
import { FileDropzone, UploadProgressList, useImageUploads } from '../../ui/image-upload'
import { Input } from '../../ui/input'
import { Label } from '../../ui/label'
import { uploadProductImage } from '../products/api'

/** The story's picture: one upload through the image pipeline, with its progress, or none. */
export function FeaturedImageField({
  id,
  value,
  onChange,
  error,
}: {
  id: string
  value: string
  onChange: (url: string) => void
  error?: string
}) {
  const uploads = useImageUploads({
    send: uploadProductImage,
    onUploaded: ([url]) => url && onChange(url),
  })
  return (
    <div className="grid content-start gap-3">
      <Label htmlFor={`${id}-file`}>Featured image</Label>
      {value && (
        <div className="relative">
          <img
            src={value}
            alt="Chosen for this story"
            className="aspect-[3/2] w-full border border-ink/10 bg-sand object-cover"
          />
          <Button
            type="button"
            variant="secondary"
            size="sm"
            className="absolute top-3 right-3"
            onClick={() => onChange('')}
          >
            <X className="size-4" aria-hidden /> Remove
          </Button>
        </div>
      )}
      <FileDropzone
        inputId={`${id}-file`}
        label={value ? 'Replace the image' : 'Upload an image'}
        hint="Landscape, 3:2 reads best; up to 5 MB"
        disabled={uploads.busy}
        onFiles={(files) => uploads.start(files.slice(0, 1))}
      />
      <UploadProgressList uploads={uploads.uploads} onRetry={uploads.retry} onDismiss={uploads.dismiss} />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

/** Tags as chips: type one and press Enter or a comma; each chip has its own remove button. */
export function TagsField({
  id,
  value,
  onChange,
  error,
}: {
  id: string
  value: string[]
  onChange: (tags: string[]) => void
  error?: string
}) {
  const [draft, setDraft] = useState('')
  // A comma separates tags whether typed, pasted or left in the field: "celadon, bangles" is two.
  const add = () => {
    const typed = draft.split(',').map(normalizeTag).filter(Boolean)
    const fresh = [...new Set(typed)].filter((tag) => !value.includes(tag))
    if (fresh.length > 0) onChange([...value, ...fresh])
    setDraft('')
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault()
      add()
    } else if (event.key === 'Backspace' && !draft && value.length > 0) {
      onChange(value.slice(0, -1))
    }
  }
  return (
    <FormField
      label="Tags"
      htmlFor={id}
      error={error}
      hint={`Press Enter after each; up to ${JOURNAL_LIMITS.tagsMax}. Each tag has a page of its own.`}
    >
      <div className="grid gap-2">
        {value.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Tags of this story">
            {value.map((tag) => (
              <li
                key={tag}
                className="inline-flex h-8 items-center gap-1 rounded-full border border-jade-700/30 bg-jade-50 pr-1 pl-3 text-sm text-jade-800"
              >
                {tagLabel(tag)}
                <button
                  type="button"
                  aria-label={`Remove the tag ${tag}`}
                  onClick={() => onChange(value.filter((other) => other !== tag))}
                  className="inline-flex size-6 cursor-pointer items-center justify-center rounded-full hover:bg-jade-100"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        <Input
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onPaste={(event) => {
            const pasted = event.clipboardData.getData('text')
            if (!pasted.includes(',')) return
            event.preventDefault()
            const typed = `${draft},${pasted}`.split(',').map(normalizeTag).filter(Boolean)
            onChange([...new Set([...value, ...typed])])
            setDraft('')
          }}
          onKeyDown={onKeyDown}
          onBlur={add}
          placeholder="Add a tag"
          maxLength={JOURNAL_LIMITS.tagMax}
          autoComplete="off"
        />
      </div>
    </FormField>
  )
}
