import { X } from 'lucide-react'
import { Button } from '../../ui/button'
import { FileDropzone, UploadProgressList, useImageUploads } from '../../ui/image-upload'
import { ProductImage } from '../../ui/product-image'
import { uploadProductImage } from './api'

/**
 * The piece's certificate of authenticity: one image, uploaded like the product's pictures (into
 * the same file store, re-encoded), shown on the product page beside the lab and number.
 */
export function CertificateField({
  id,
  url,
  onChange,
  error,
}: {
  id: string
  url: string
  onChange: (url: string) => void
  error?: string
}) {
  const { uploads, start, retry, dismiss, busy } = useImageUploads({
    send: uploadProductImage,
    onUploaded: (urls) => urls[0] && onChange(urls[0]),
  })
  return (
    <div className="grid gap-3">
      {url ? (
        <div className="flex items-center gap-3">
          <div className="size-20 shrink-0 overflow-hidden border border-ink/10 bg-sand">
            <ProductImage
              url={url}
              alt="Certificate of Authenticity"
              sizes="80px"
              className="size-full object-cover"
            />
          </div>
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange('')}>
            <X className="size-4" aria-hidden />
            Remove certificate
          </Button>
        </div>
      ) : (
        <FileDropzone
          inputId={id}
          onFiles={start}
          disabled={busy}
          label="Certificate of Authenticity"
          hint="A photo or scan of the lab's card: JPEG, PNG or WebP, up to 5 MB."
        />
      )}
      <UploadProgressList uploads={uploads} onRetry={retry} onDismiss={dismiss} />
      {error && <p className="text-sm text-destructive">{error}</p>}
    </div>
  )
}
