import { ChevronLeft, ChevronRight, LocateFixed, Minus, Plus, RotateCw, Search, X } from 'lucide-react'
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useReducer,
  useRef,
  useState,
} from 'react'
import { imageSources } from '../../../../shared/media/images'
import { cn } from '../../../lib/cn'
import { Button } from '../../../ui/button'
import { SoldRibbon } from '../../../ui/sold-ribbon'
import {
  BUTTON_STEP,
  galleryReducer,
  initialGalleryState,
  type Pan,
  SLIDE_MS,
  wheelDelta,
  ZOOM_MAX,
  ZOOM_MIN,
} from './gallery-state'

const SIZES = '(min-width: 1024px) 58vw, 100vw'
/** A touch drag shorter than this is a tap or a wobble, not a swipe to the next image. */
const SWIPE_PX = 48

interface Drag {
  id: number
  x: number
  y: number
  pan: Pan
  /** The image box's side in pixels, to turn a drag into box units. */
  box: number
}

export interface ProductGalleryProps {
  images: string[]
  /** The owner's alt text per image; blank falls back to the product's name. */
  alts?: string[]
  name: string
  sold: boolean
  /** The region's name, unique on the page ("<name> images" by default; the certificate's zoom has its own). */
  label?: string
}

/**
 * The product page's pictures: slides with thumbnails, previous/next, zoom with pan, and rotation.
 * The first render reads neither window nor layout, so the server HTML (with the first image as a real
 * <img>) hydrates as is. Give it `key={product.id}` so moving to another product starts afresh.
 */
export function ProductGallery({ images, alts, name, sold, label = `${name} images` }: ProductGalleryProps) {
  const [state, dispatch] = useReducer(galleryReducer, initialGalleryState)
  const [dragging, setDragging] = useState(false)
  // Off-screen slides load lazily; once the shopper shows interest, the neighbours load ahead so the
  // slide does not arrive empty.
  const [engaged, setEngaged] = useState(false)
  const viewportRef = useRef<HTMLDivElement>(null)
  const thumbsRef = useRef<HTMLDivElement>(null)
  const zoomControlsRef = useRef<HTMLDivElement>(null)
  const zoomToggleRef = useRef<HTMLButtonElement>(null)
  const drag = useRef<Drag | null>(null)

  const count = images.length
  // Guards a reused instance whose new product has fewer images than the old one had.
  const index = Math.min(state.index, Math.max(0, count - 1))
  const { zoomed, scale } = state

  // React's onWheel is passive, so the page would scroll as well as the image zoom; a native listener
  // can cancel it, and exists only while zoomed so the page scrolls normally otherwise.
  useEffect(() => {
    const viewport = viewportRef.current
    if (!zoomed || !viewport) return
    const onWheel = (event: WheelEvent) => {
      const delta = wheelDelta(event.deltaY)
      if (delta === 0) return
      event.preventDefault()
      dispatch({ type: 'zoom-by', delta })
    }
    viewport.addEventListener('wheel', onWheel, { passive: false })
    return () => viewport.removeEventListener('wheel', onWheel)
  }, [zoomed])

  // Keeps the active thumbnail in view on a phone, scrolling only the strip: scrollIntoView could
  // also scroll the page.
  useEffect(() => {
    const strip = thumbsRef.current
    const thumb = strip?.children[index]
    if (!strip || !(thumb instanceof HTMLElement)) return
    const start = thumb.offsetLeft - 4
    const end = thumb.offsetLeft + thumb.offsetWidth + 4 - strip.clientWidth
    const left = start < strip.scrollLeft ? start : end > strip.scrollLeft ? end : null
    if (left === null) return
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    strip.scrollTo({ left, behavior: reduce ? 'auto' : 'smooth' })
  }, [index])

  if (count === 0) {
    return (
      <section aria-label={label} className="relative">
        <div role="img" aria-label={name} className="aspect-square bg-sand" />
        {sold && <SoldRibbon size="lg" />}
      </section>
    )
  }

  const step = (by: 1 | -1) => dispatch({ type: 'step', by, count })

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    // Alt+Arrow is the browser's back and forward; leave modified keys alone.
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault()
      const by = event.key === 'ArrowRight' ? 1 : -1
      step(by)
      // Focus on a thumbnail follows the image, so the next arrow press continues from there.
      const strip = thumbsRef.current
      if (strip && event.target instanceof Node && strip.contains(event.target)) {
        const next = strip.children[(index + by + count) % count]
        if (next instanceof HTMLElement) next.focus()
      }
    } else if (event.key === 'Escape' && zoomed) {
      event.preventDefault()
      // The zoom buttons unmount with zoom mode; focus left on one would fall back to the page.
      const target = event.target
      if (target instanceof Node && zoomControlsRef.current?.contains(target)) zoomToggleRef.current?.focus()
      dispatch({ type: 'exit-zoom' })
    }
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    // A second finger is ignored: pinching is left to the buttons and the wheel.
    if (event.button !== 0 || drag.current) return
    const viewport = event.currentTarget
    drag.current = {
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      pan: state.pan,
      box: Math.min(viewport.clientWidth, viewport.clientHeight) || 1,
    }
    // Capture so the release is seen even off the image, and the drag never goes stale.
    viewport.setPointerCapture(event.pointerId)
    if (zoomed) setDragging(true)
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current
    if (!current || current.id !== event.pointerId || !zoomed) return
    dispatch({
      type: 'pan',
      pan: {
        x: current.pan.x + (event.clientX - current.x) / current.box,
        y: current.pan.y + (event.clientY - current.y) / current.box,
      },
    })
  }

  function onPointerEnd(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current
    if (!current || current.id !== event.pointerId) return
    drag.current = null
    setDragging(false)
    // Swiping is for touch and pen; a mouse has the buttons, and a stray drag should not turn the page.
    if (zoomed || event.type !== 'pointerup' || event.pointerType === 'mouse' || count < 2) return
    const dx = event.clientX - current.x
    const dy = event.clientY - current.y
    if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) step(dx < 0 ? 1 : -1)
  }

  const transform = `translate(${state.pan.x * 100}%, ${state.pan.y * 100}%) scale(${scale}) rotate(${state.angle}deg)`
  const nearby = (i: number) => i === index || i === (index + 1) % count || i === (index - 1 + count) % count

  return (
    <section
      aria-label={label}
      className="min-w-0"
      onKeyDown={onKeyDown}
      onPointerEnter={() => setEngaged(true)}
      onFocus={() => setEngaged(true)}
    >
      {/* A square frame for square pictures at every width: the piece fills it, no bars beside it. */}
      <div className="relative flex flex-col border border-ink/10 bg-sand">
        <div
          ref={viewportRef}
          // Focusable by pointer only: a click on the image keeps focus inside the gallery, so
          // Escape and the arrow keys still reach it after a drag.
          tabIndex={-1}
          className={cn(
            'relative aspect-square select-none overflow-hidden',
            // The browser keeps vertical scrolling and page pinch-zoom; horizontal drags are swipes.
            // While zoomed every gesture belongs to the image.
            zoomed ? 'touch-none' : 'touch-pan-y touch-pinch-zoom',
            zoomed && (dragging ? 'cursor-grabbing' : 'cursor-grab'),
          )}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onLostPointerCapture={onPointerEnd}
        >
          <div
            className="flex h-full transition-transform ease-out-soft"
            style={{ transform: `translateX(${-index * 100}%)`, transitionDuration: `${SLIDE_MS}ms` }}
          >
            {images.map((url, i) => {
              const { src, srcSet } = imageSources(url)
              const active = i === index
              return (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: a product may list one picture twice, and the slides hold no state.
                  key={`${i}-${url}`}
                  aria-hidden={!active || undefined}
                  // A size container, so the image box below can be the largest square that fits:
                  // a square turns 90 degrees without being clipped, whatever the view's shape.
                  className="flex size-full shrink-0 items-center justify-center [container-type:size]"
                >
                  <img
                    // Before src: a browser that sees src first may start the download before it learns "lazy".
                    loading={i === 0 || (engaged && nearby(i)) ? 'eager' : 'lazy'}
                    src={src}
                    srcSet={srcSet}
                    sizes={srcSet ? SIZES : undefined}
                    alt={count > 1 ? `${alts?.[i] || name}, image ${i + 1} of ${count}` : alts?.[i] || name}
                    width={1280}
                    height={1280}
                    fetchPriority={i === 0 ? 'high' : undefined}
                    decoding={i === 0 ? undefined : 'async'}
                    draggable={false}
                    className={cn(
                      'size-[min(100cqw,100cqh)] max-w-none object-contain',
                      // Zoom and rotation ease; a drag follows the pointer without lag.
                      dragging ? 'transition-none' : 'transition-transform duration-200 ease-out-soft',
                    )}
                    style={active ? { transform } : undefined}
                  />
                </div>
              )
            })}
          </div>
        </div>

        <div className="flex h-12 shrink-0 items-center gap-0.5 border-t border-ink/10 bg-ivory px-1">
          {count > 1 && (
            // On a phone in zoom mode the zoom controls need the room; the thumbnails below still navigate.
            <div className={cn('flex items-center', zoomed && 'max-sm:hidden')}>
              <ToolButton label="Previous image" onClick={() => step(-1)}>
                <ChevronLeft />
              </ToolButton>
              <span
                aria-hidden
                className="min-w-11 text-center text-xs tabular-nums tracking-wide text-ink-muted"
              >
                {index + 1} / {count}
              </span>
              <ToolButton label="Next image" onClick={() => step(1)}>
                <ChevronRight />
              </ToolButton>
            </div>
          )}
          <div className="ml-auto flex items-center gap-0.5">
            {zoomed && (
              <div ref={zoomControlsRef} className="flex items-center gap-0.5">
                <ToolButton
                  label="Zoom out"
                  limit={scale <= ZOOM_MIN}
                  onClick={() => dispatch({ type: 'zoom-by', delta: -BUTTON_STEP })}
                >
                  <Minus />
                </ToolButton>
                <span className="min-w-11 text-center text-xs tabular-nums text-ink-muted">
                  {Math.round(scale * 100)}%
                </span>
                <ToolButton
                  label="Zoom in"
                  limit={scale >= ZOOM_MAX}
                  onClick={() => dispatch({ type: 'zoom-by', delta: BUTTON_STEP })}
                >
                  <Plus />
                </ToolButton>
                <ToolButton label="Reset" onClick={() => dispatch({ type: 'reset' })}>
                  <LocateFixed />
                </ToolButton>
                <span aria-hidden className="mx-1 h-5 w-px bg-ink/15" />
              </div>
            )}
            <ToolButton label="Rotate" onClick={() => dispatch({ type: 'rotate' })}>
              <RotateCw />
            </ToolButton>
            <Button
              ref={zoomToggleRef}
              variant="ghost"
              size="sm"
              className="h-10 px-3 text-ink"
              onClick={() => dispatch({ type: 'toggle-zoom' })}
            >
              {zoomed ? (
                <X className="size-4 max-sm:hidden" aria-hidden />
              ) : (
                <Search className="size-4" aria-hidden />
              )}
              {zoomed ? 'Exit Zoom' : 'Zoom'}
            </Button>
          </div>
        </div>

        {sold && <SoldRibbon size="lg" />}
      </div>

      {count > 1 && (
        // Padding inside the scrolling strip leaves room for the focus ring, which it would clip.
        <div
          ref={thumbsRef}
          className="relative -mx-1 mt-2 flex gap-2 overflow-x-auto p-1 [scrollbar-width:thin]"
        >
          {images.map((url, i) => {
            const { src, srcSet } = imageSources(url)
            const active = i === index
            return (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: as for the slides above.
                key={`${i}-${url}`}
                type="button"
                aria-label={`Show image ${i + 1} of ${count}`}
                aria-current={active || undefined}
                onClick={() => dispatch({ type: 'go', index: i, count })}
                className={cn(
                  'size-16 shrink-0 cursor-pointer overflow-hidden rounded-sm border bg-sand transition sm:size-20',
                  active ? 'border-jade-700' : 'border-transparent opacity-70 hover:opacity-100',
                )}
              >
                <img
                  loading="lazy"
                  src={src}
                  srcSet={srcSet}
                  sizes={srcSet ? '80px' : undefined}
                  alt=""
                  width={1280}
                  height={1280}
                  decoding="async"
                  draggable={false}
                  className="size-full object-cover"
                />
              </button>
            )
          })}
        </div>
      )}

      <p role="status" aria-live="polite" className="sr-only">
        {`Image ${index + 1} of ${count}`}
      </p>
    </section>
  )
}

/** A labelled icon button for the toolbar; the title shows the label to mouse users too. */
function ToolButton({
  label,
  limit = false,
  onClick,
  children,
}: {
  label: string
  /** At the end of its range: announced as unavailable but still focusable, so focus is not lost. */
  limit?: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      aria-disabled={limit || undefined}
      onClick={limit ? undefined : onClick}
      className="size-10 text-ink-muted hover:text-ink [&_svg]:size-[18px] [&_svg]:stroke-[1.5]"
    >
      {children}
    </Button>
  )
}
