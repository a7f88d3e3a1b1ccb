import { useId, useState } from 'react'
import type { CategoryImage, ProductCategory } from '../../../shared/catalog/rules'
import { Button } from '../../ui/button'
import { FileDropzone, UploadProgressList, useImageUploads } from '../../ui/image-upload'
import { Label } from '../../ui/label'
import { ProductImage } from '../../ui/product-image'
import { Textarea } from '../../ui/textarea'
import { uploadProductImage } from '../products/api'
import { useSaveCategoryImage } from './api'

/** Inline editing of one category: a single picture and a three-line caption, Save or Cancel. */
export function CategoryImageEditor({
  category,
  image,
  onDone,
}: {
  category: ProductCategory
  image: CategoryImage | undefined
  onDone: () => void
}) {
  const id = useId()
  const save = useSaveCategoryImage()
  const [imageUrl, setImageUrl] = useState(image?.imageUrl ?? '')
  const [description, setDescription] = useState(image?.description ?? '')
  const [missingImage, setMissingImage] = useState(false)
  const uploads = useImageUploads({
    send: uploadProductImage,
    onUploaded: ([url]) => {
      if (url) {
        setImageUrl(url)
        setMissingImage(false)
      }
    },
  })

  const submit = () => {
    if (!imageUrl) return setMissingImage(true)
    save.mutate(
      { category, exists: !!image, input: { imageUrl, description: description.trim() || null } },
      { onSuccess: onDone },
    )
  }

  return (
    <div className="grid gap-4">
      {imageUrl && imageUrl !== image?.imageUrl && (
        <div className="grid gap-1">
          <span className="text-xs uppercase tracking-[0.12em] text-ink-muted">New picture</span>
          <ProductImage url={imageUrl} alt="" sizes="320px" className="aspect-[4/3] border border-ink/10" />
        </div>
      )}
      <FileDropzone
        inputId={`${id}-file`}
        label={image || imageUrl ? 'Replace the image' : 'Upload an image'}
        hint="One picture, up to 5 MB"
        disabled={uploads.busy}
        onFiles={(files) => uploads.start(files.slice(0, 1))}
      />
      <UploadProgressList uploads={uploads.uploads} onRetry={uploads.retry} onDismiss={uploads.dismiss} />
      {missingImage && (
        <p role="alert" className="text-sm text-destructive">
          Please choose an image
        </p>
      )}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea
          id={`${id}-description`}
          rows={3}
          className="min-h-0"
          value={description}
          maxLength={500}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button size="sm" onClick={submit} loading={save.isPending} disabled={uploads.busy}>
          Save
        </Button>
      </div>
    </div>
  )
}
