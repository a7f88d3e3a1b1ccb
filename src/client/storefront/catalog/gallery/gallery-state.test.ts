import { describe, expect, it } from 'vitest'
import {
  BUTTON_STEP,
  clampPan,
  clampScale,
  type GalleryAction,
  type GalleryState,
  galleryReducer,
  initialGalleryState,
  nextRotation,
  ROTATION_STEP,
  SLIDE_MS,
  WHEEL_STEP,
  wheelDelta,
  wrapIndex,
  ZOOM_MAX,
  ZOOM_MIN,
} from './gallery-state'

const run = (actions: GalleryAction[], from: GalleryState = initialGalleryState) =>
  actions.reduce(galleryReducer, from)

const zoomedIn = (times: number) =>
  run([{ type: 'toggle-zoom' }, ...Array(times).fill({ type: 'zoom-by', delta: BUTTON_STEP })])

describe('gallery constants', () => {
  it('match the specification (storefront.md §9)', () => {
    expect({ ZOOM_MIN, ZOOM_MAX, WHEEL_STEP, ROTATION_STEP, SLIDE_MS }).toEqual({
      ZOOM_MIN: 0.5,
      ZOOM_MAX: 5,
      WHEEL_STEP: 0.1,
      ROTATION_STEP: 90,
      SLIDE_MS: 300,
    })
  })

  it('starts on the first image, unzoomed, upright and centred at scale 1', () => {
    expect(initialGalleryState).toEqual({
      index: 0,
      zoomed: false,
      scale: 1,
      pan: { x: 0, y: 0 },
      rotation: 0,
      angle: 0,
    })
  })
})

describe('wrapIndex', () => {
  it('wraps past either end', () => {
    expect(wrapIndex(3, 3)).toBe(0)
    expect(wrapIndex(-1, 3)).toBe(2)
    expect(wrapIndex(7, 3)).toBe(1)
    expect(wrapIndex(1, 3)).toBe(1)
  })

  it('stays at 0 with no images', () => {
    expect(wrapIndex(5, 0)).toBe(0)
  })
})

describe('clampScale', () => {
  it('keeps the scale between 0.5 and 5', () => {
    expect(clampScale(0.2)).toBe(0.5)
    expect(clampScale(7)).toBe(5)
    expect(clampScale(2.5)).toBe(2.5)
  })

  it('does not drift with repeated wheel steps', () => {
    let scale = 1
    for (let i = 0; i < 10; i++) scale = clampScale(scale + WHEEL_STEP)
    expect(scale).toBe(2)
  })
})

describe('wheelDelta', () => {
  it('zooms in on scroll up and out on scroll down, 0.1 per step', () => {
    expect(wheelDelta(-100)).toBe(0.1)
    expect(wheelDelta(3)).toBe(-0.1)
    expect(wheelDelta(0)).toBe(0)
  })
})

describe('nextRotation', () => {
  it('cycles 0, 90, 180, 270, 0', () => {
    expect([0, 90, 180, 270].map(nextRotation)).toEqual([90, 180, 270, 0])
  })
})

describe('clampPan', () => {
  it('keeps the image centred at scale 1 or less', () => {
    expect(clampPan({ x: 0.3, y: -0.2 }, 1)).toEqual({ x: 0, y: 0 })
    expect(clampPan({ x: 0.3, y: -0.2 }, 0.5)).toEqual({ x: 0, y: 0 })
  })

  it('lets the image edge reach the box edge and no further', () => {
    // At scale 2 the image is twice the box, so its edge meets the box edge half a box off centre.
    expect(clampPan({ x: 3, y: -3 }, 2)).toEqual({ x: 0.5, y: -0.5 })
    expect(clampPan({ x: 0.25, y: 0.1 }, 2)).toEqual({ x: 0.25, y: 0.1 })
  })
})

describe('galleryReducer: navigation', () => {
  it('steps forward and back, wrapping around', () => {
    expect(run([{ type: 'step', by: 1, count: 3 }]).index).toBe(1)
    expect(run([{ type: 'step', by: -1, count: 3 }]).index).toBe(2)
    expect(
      run([
        { type: 'step', by: 1, count: 3 },
        { type: 'step', by: 1, count: 3 },
        { type: 'step', by: 1, count: 3 },
      ]).index,
    ).toBe(0)
  })

  it('goes to a chosen image', () => {
    expect(run([{ type: 'go', index: 2, count: 4 }]).index).toBe(2)
  })

  it('shows the new image upright, centred and at scale 1, staying in zoom mode', () => {
    const state = run(
      [
        { type: 'rotate' },
        { type: 'zoom-by', delta: 1 },
        { type: 'pan', pan: { x: 0.2, y: 0.2 } },
        { type: 'step', by: 1, count: 2 },
      ],
      zoomedIn(0),
    )
    expect(state).toMatchObject({ index: 1, zoomed: true, scale: 1, pan: { x: 0, y: 0 }, rotation: 0 })
  })

  it('keeps the same state object when the image does not change', () => {
    const state = zoomedIn(2)
    expect(galleryReducer(state, { type: 'go', index: 0, count: 3 })).toBe(state)
  })
})

describe('galleryReducer: zoom', () => {
  it('enters zoom mode centred at scale 1', () => {
    expect(run([{ type: 'toggle-zoom' }])).toMatchObject({ zoomed: true, scale: 1, pan: { x: 0, y: 0 } })
  })

  it('ignores zoom steps and panning outside zoom mode', () => {
    const state = run([
      { type: 'zoom-by', delta: 1 },
      { type: 'pan', pan: { x: 0.2, y: 0 } },
    ])
    expect(state).toBe(initialGalleryState)
  })

  it('zooms in by steps up to 5 and out down to 0.5', () => {
    expect(zoomedIn(3).scale).toBe(2.5)
    expect(zoomedIn(20).scale).toBe(ZOOM_MAX)
    const out = run(Array(5).fill({ type: 'zoom-by', delta: -BUTTON_STEP }), zoomedIn(0))
    expect(out.scale).toBe(ZOOM_MIN)
  })

  it('changes the scale by 0.1 per wheel step', () => {
    const state = run(
      [
        { type: 'zoom-by', delta: wheelDelta(-1) },
        { type: 'zoom-by', delta: wheelDelta(-1) },
        { type: 'zoom-by', delta: wheelDelta(-1) },
      ],
      zoomedIn(0),
    )
    expect(state.scale).toBe(1.3)
  })

  it('keeps the point at the centre of the view while zooming', () => {
    const panned = run([{ type: 'pan', pan: { x: 0.4, y: -0.2 } }], zoomedIn(4)) // scale 3
    expect(panned.pan).toEqual({ x: 0.4, y: -0.2 })
    const closer = galleryReducer(panned, { type: 'zoom-by', delta: 3 }) // scale 6 clamps to 5
    expect(closer.scale).toBe(5)
    expect(closer.pan.x).toBeCloseTo(0.4 * (5 / 3))
    expect(closer.pan.y).toBeCloseTo(-0.2 * (5 / 3))
  })

  it('pulls the image back to the centre when zooming out to scale 1', () => {
    const panned = run([{ type: 'pan', pan: { x: 0.5, y: 0.5 } }], zoomedIn(2))
    const back = run(
      [
        { type: 'zoom-by', delta: -BUTTON_STEP },
        { type: 'zoom-by', delta: -BUTTON_STEP },
      ],
      panned,
    )
    expect(back).toMatchObject({ scale: 1, pan: { x: 0, y: 0 } })
  })

  it('clamps panning to the zoomed image', () => {
    const state = run([{ type: 'pan', pan: { x: 9, y: -9 } }], zoomedIn(2)) // scale 2
    expect(state.pan).toEqual({ x: 0.5, y: -0.5 })
  })

  it('resets to scale 1, centred, keeping the rotation', () => {
    const state = run(
      [{ type: 'rotate' }, { type: 'pan', pan: { x: 0.3, y: 0.3 } }, { type: 'reset' }],
      zoomedIn(3),
    )
    expect(state).toMatchObject({ zoomed: true, scale: 1, pan: { x: 0, y: 0 }, rotation: 90 })
  })

  it('leaves zoom mode from the toggle or Escape, back at scale 1 and centred', () => {
    const zoomed = run([{ type: 'pan', pan: { x: 0.3, y: 0 } }], zoomedIn(2))
    for (const action of [{ type: 'toggle-zoom' }, { type: 'exit-zoom' }] as const) {
      expect(galleryReducer(zoomed, action)).toMatchObject({ zoomed: false, scale: 1, pan: { x: 0, y: 0 } })
    }
    expect(galleryReducer(initialGalleryState, { type: 'exit-zoom' })).toBe(initialGalleryState)
  })
})

describe('galleryReducer: rotation', () => {
  it('turns 90 degrees per press, cycling through 360', () => {
    const rotations: number[] = []
    let state = initialGalleryState
    for (let i = 0; i < 5; i++) {
      state = galleryReducer(state, { type: 'rotate' })
      rotations.push(state.rotation)
    }
    expect(rotations).toEqual([90, 180, 270, 0, 90])
    // The rendered angle keeps counting, so 270 to 0 animates a quarter forward, not three back.
    expect(state.angle).toBe(450)
  })

  it('rotates in and out of zoom mode', () => {
    expect(zoomedIn(1).rotation).toBe(0)
    expect(galleryReducer(zoomedIn(1), { type: 'rotate' }).rotation).toBe(90)
  })
})
