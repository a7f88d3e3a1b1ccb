// The product gallery's state, kept pure (no React, no DOM) so the rules the specification sets
// (storefront.md §9: zoom 0.5 to 5, wheel step 0.1, rotation step 90, index wrap) are unit-tested.

/** Smallest and largest zoom scale. */
export const ZOOM_MIN = 0.5
export const ZOOM_MAX = 5
/** Scale change per mouse-wheel step. */
export const WHEEL_STEP = 0.1
/** Scale change per press of 'Zoom in' / 'Zoom out'; a wheel step is too small to feel like a press. */
export const BUTTON_STEP = 0.5
/** Degrees per press of 'Rotate'. */
export const ROTATION_STEP = 90
/** Slide transition between images, in milliseconds. */
export const SLIDE_MS = 300

export interface Pan {
  /** Offsets in units of the image box's side (0.5 = half the box), so rendering needs no measurement. */
  x: number
  y: number
}

export interface GalleryState {
  index: number
  zoomed: boolean
  scale: number
  pan: Pan
  /** The specification's value, always one of 0, 90, 180, 270. */
  rotation: number
  /**
   * The same turn counted without wrapping (0, 90, ..., 360, 450), for the CSS transform: going from
   * 270 to 0 would otherwise animate three quarters backwards instead of one quarter forward.
   */
  angle: number
}

export type GalleryAction =
  | { type: 'go'; index: number; count: number }
  | { type: 'step'; by: 1 | -1; count: number }
  | { type: 'toggle-zoom' }
  | { type: 'exit-zoom' }
  | { type: 'zoom-by'; delta: number }
  | { type: 'reset' }
  | { type: 'rotate' }
  | { type: 'pan'; pan: Pan }

export const initialGalleryState: GalleryState = {
  index: 0,
  zoomed: false,
  scale: 1,
  pan: { x: 0, y: 0 },
  rotation: 0,
  angle: 0,
}

const CENTRED: Pan = { x: 0, y: 0 }

/** Any index, however far out (a step past either end), folded into 0..count-1. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0
  return ((index % count) + count) % count
}

/**
 * The scale kept within ZOOM_MIN..ZOOM_MAX and rounded to hundredths, so ten wheel steps of 0.1 land
 * on a whole number instead of drifting (1 + 0.1 + 0.1 is 1.2000000000000002).
 */
export function clampScale(scale: number): number {
  const rounded = Math.round(scale * 100) / 100
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, rounded))
}

/** The scale change for one wheel event: scrolling up (negative deltaY) zooms in, as maps do. */
export function wheelDelta(deltaY: number): number {
  if (deltaY === 0) return 0
  return deltaY < 0 ? WHEEL_STEP : -WHEEL_STEP
}

/** The next rotation, cycling 0, 90, 180, 270, 0. */
export function nextRotation(rotation: number): number {
  return (rotation + ROTATION_STEP) % 360
}

/**
 * How far the image may be dragged from the centre, in box units: until its edge meets the edge of
 * the box it sits in. At scale 1 or less the whole image is already visible, so it stays centred.
 */
export function panLimit(scale: number): number {
  return Math.max(0, (scale - 1) / 2)
}

export function clampPan(pan: Pan, scale: number): Pan {
  const limit = panLimit(scale)
  const clamp = (value: number) => Math.min(limit, Math.max(-limit, value))
  // `|| 0` turns -0 into 0, so a centred pan always compares equal to { x: 0, y: 0 }.
  return { x: clamp(pan.x) || 0, y: clamp(pan.y) || 0 }
}

/**
 * Every image starts upright, centred and at scale 1. Zoom mode itself survives navigation, so a
 * shopper comparing details does not have to switch it back on for each picture.
 *
 * Reset returns to scale 1, centred, and keeps the rotation: it belongs to the zoom controls, and
 * Rotate has its own way back to upright (one more press from 270).
 */
export function galleryReducer(state: GalleryState, action: GalleryAction): GalleryState {
  switch (action.type) {
    case 'go': {
      const index = wrapIndex(action.index, action.count)
      if (index === state.index) return state
      return { ...state, index, scale: 1, pan: CENTRED, rotation: 0, angle: 0 }
    }
    case 'step':
      return galleryReducer(state, { type: 'go', index: state.index + action.by, count: action.count })
    case 'toggle-zoom':
      return { ...state, zoomed: !state.zoomed, scale: 1, pan: CENTRED }
    case 'exit-zoom':
      return state.zoomed ? { ...state, zoomed: false, scale: 1, pan: CENTRED } : state
    case 'zoom-by': {
      if (!state.zoomed) return state
      const scale = clampScale(state.scale + action.delta)
      if (scale === state.scale) return state
      // Scaling the offset with the image keeps the point at the centre of the view where it is.
      const ratio = scale / state.scale
      return { ...state, scale, pan: clampPan({ x: state.pan.x * ratio, y: state.pan.y * ratio }, scale) }
    }
    case 'reset':
      return { ...state, scale: 1, pan: CENTRED }
    case 'rotate':
      return { ...state, rotation: nextRotation(state.rotation), angle: state.angle + ROTATION_STEP }
    case 'pan':
      return state.zoomed ? { ...state, pan: clampPan(action.pan, state.scale) } : state
  }
}
