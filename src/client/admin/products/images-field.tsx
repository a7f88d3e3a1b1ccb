import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { GripVertical, ImagePlus, Star, Trash2, TriangleAlert } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { IMAGE_ALT_MAX, MAX_PRODUCT_IMAGES } from '../../../shared/catalog/product-schema'
import { isImageUrl } from '../../../shared/media/image-files'
import { cn } from '../../lib/cn'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { FileDropzone, UploadProgressList, useImageUploads } from '../../ui/image-upload'
import { Input } from '../../ui/input'
import { ProductImage } from '../../ui/product-image'
import { uploadProductImage } from './api'

export interface ProductImageValue {
  url: string
  alt: string
}

export interface ImagesFieldProps {
  id: string
  images: ProductImageValue[]
  onChange: (images: ProductImageValue[]) => void
  /** The product's name: the alt text a blank one falls back to. */
  productName: string
  error?: string
}

/**
 * The product's pictures: upload several at once or add by URL; drag (or use the keyboard) to
 * reorder; the first is the main picture; each has its own alt text for the storefront.
 */
export function ImagesField({ id, images, onChange, productName, error }: ImagesFieldProps) {
  const latest = useRef(images)
  latest.current = images
  const { uploads, start, retry, dismiss } = useImageUploads({
    send: uploadProductImage,
    // Appended to the images as they are now, not as they were when the upload started.
    onUploaded: (urls) => {
      const known = new Set(latest.current.map((image) => image.url))
      const added = urls.filter((url) => !known.has(url)).map((url) => ({ url, alt: '' }))
      // Two uploads can finish before the form re-renders: the second must build on the first.
      latest.current = [...latest.current, ...added].slice(0, MAX_PRODUCT_IMAGES)
      onChange(latest.current)
    },
  })
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const full =
    images.length + uploads.filter((upload) => upload.state === 'sending').length >= MAX_PRODUCT_IMAGES

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = images.findIndex((image) => image.url === active.id)
    const to = images.findIndex((image) => image.url === over.id)
    onChange(arrayMove(images, from, to))
  }
  const update = (index: number, change: Partial<ProductImageValue>) =>
    onChange(images.map((image, i) => (i === index ? { ...image, ...change } : image)))

  return (
    <div className="grid gap-4">
      {images.length > 0 ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ screenReaderInstructions: { draggable: REORDER_HELP } }}
        >
          <SortableContext items={images.map((image) => image.url)} strategy={rectSortingStrategy}>
            <ol className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label="Product images">
              {images.map((image, index) => (
                <SortableImage
                  key={image.url}
                  image={image}
                  index={index}
                  count={images.length}
                  productName={productName}
                  onAlt={(alt) => update(index, { alt })}
                  onMain={() => onChange([image, ...images.filter((_, i) => i !== index)])}
                  onRemove={() => onChange(images.filter((_, i) => i !== index))}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      ) : (
        <p className="text-sm text-ink-muted">
          No images yet. The first image is the one shoppers see first.
        </p>
      )}

      <UploadProgressList uploads={uploads} onRetry={retry} onDismiss={dismiss} />

      <div className="grid gap-4 lg:grid-cols-2">
        <FileDropzone inputId={`${id}-upload`} multiple disabled={full} onFiles={start} />
        <AddByUrl
          id={`${id}-url`}
          images={images}
          disabled={full}
          onAdd={(url) => onChange([...images, { url, alt: '' }])}
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

const REORDER_HELP =
  'To reorder an image, press space or enter on its handle, use the arrow keys to move it, then space or enter to drop it, or escape to cancel.'

interface SortableImageProps {
  image: ProductImageValue
  index: number
  count: number
  productName: string
  onAlt: (alt: string) => void
  onMain: () => void
  onRemove: () => void
}

function SortableImage({ image, index, count, productName, onAlt, onMain, onRemove }: SortableImageProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: image.url,
    })
  const altId = useId()
  const label = `Image ${index + 1} of ${count}`
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn('grid content-start gap-2 bg-ivory', isDragging && 'z-10 opacity-80 shadow-lg')}
    >
      <div className="relative border border-ink/10">
        <ProductImage url={image.url} alt={image.alt || productName} sizes="200px" />
        {index === 0 && (
          <Badge variant="gold" className="absolute top-2 left-2 bg-ivory">
            <Star className="size-3" aria-hidden /> Main
          </Badge>
        )}
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${label.toLowerCase()}`}
          className="absolute top-1 right-1 inline-flex size-9 cursor-grab touch-none items-center justify-center rounded-sm bg-ivory/90 text-ink-muted hover:text-ink active:cursor-grabbing"
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
      </div>
      <div className="flex gap-1">
        {index > 0 && (
          <Button type="button" variant="ghost" size="sm" className="flex-1 px-2 text-xs" onClick={onMain}>
            <Star className="size-3.5" aria-hidden /> Make main
            <span className="sr-only"> ({label.toLowerCase()})</span>
          </Button>
        )}
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="ml-auto px-2 text-xs text-destructive"
          onClick={onRemove}
        >
          <Trash2 className="size-3.5" aria-hidden /> Remove
          <span className="sr-only"> ({label.toLowerCase()})</span>
        </Button>
      </div>
      <label htmlFor={altId} className="sr-only">
        Alt text for {label.toLowerCase()}
      </label>
      <Input
        id={altId}
        value={image.alt}
        maxLength={IMAGE_ALT_MAX}
        placeholder="Alt text (describe the picture)"
        onChange={(event) => onAlt(event.target.value)}
        className="h-9 text-sm"
      />
    </li>
  )
}

function AddByUrl({
  id,
  images,
  disabled,
  onAdd,
}: {
  id: string
  images: ProductImageValue[]
  disabled: boolean
  onAdd: (url: string) => void
}) {
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string>()
  const add = () => {
    const url = text.trim()
    if (!url) return setProblem('Please enter an image URL')
    if (!isImageUrl(url)) return setProblem('Please enter a valid URL')
    if (images.some((image) => image.url === url)) return setProblem('This image URL is already added')
    setProblem(undefined)
    setText('')
    onAdd(url)
  }
  return (
    <div className="grid content-start gap-2 border border-dashed border-ink/25 p-4">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        Add an image by URL
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="url"
          inputMode="url"
          value={text}
          disabled={disabled}
          placeholder="https://…"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              add()
            }
          }}
        />
        <Button type="button" variant="secondary" disabled={disabled} onClick={add}>
          <ImagePlus className="size-4" aria-hidden /> Add
        </Button>
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="flex items-center gap-1.5 text-sm text-destructive">
          <TriangleAlert className="size-3.5" aria-hidden /> {problem}
        </p>
      )}
    </div>
  )
}
