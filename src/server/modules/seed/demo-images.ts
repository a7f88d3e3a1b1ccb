// The demo catalogue's pictures, drawn rather than downloaded: the shop must start on a machine
// with no network, and nothing here has a licence to worry about. Each picture is an SVG scene
// (ivory backdrop, soft shadow, translucent jade lit from the upper left), rasterised once by sharp
// at the pipeline's largest width, then stored through processImage exactly like an upload.
import { availableParallelism } from 'node:os'
import sharp from 'sharp'
import type { ProductCategory } from '../../../shared/catalog/rules'
import { WIDTHS } from '../../../shared/media/images'
import type { FileStore } from '../media/file-store'
import { processImage } from '../media/image-pipeline'

export type JadeColour = 'imperial' | 'apple' | 'lavender' | 'icy' | 'honey' | 'black' | 'blue-green'

export type PendantShape = 'teardrop' | 'coin' | 'leaf' | 'gourd' | 'oval'

export type Artwork =
  | { kind: 'bangle'; jade: JadeColour; slim?: boolean }
  | { kind: 'beads'; jade: JadeColour; beads: number }
  | { kind: 'drops' | 'hoops' | 'studs'; jade: JadeColour }
  | { kind: 'pendant'; jade: JadeColour; shape: PendantShape }
  | { kind: 'ring'; jade: JadeColour; setting: 'cabochon' | 'halo' | 'band' }

interface Palette {
  light: string
  base: string
  deep: string
  /** Light travelling through the stone: the bright side opposite the highlight. */
  glow: string
}

const PALETTES: Record<JadeColour, Palette> = {
  imperial: { light: '#8BE8B0', base: '#16894F', deep: '#04391F', glow: '#46DA8E' },
  apple: { light: '#E0F8B6', base: '#7FC457', deep: '#3A7420', glow: '#BDF08A' },
  lavender: { light: '#F4ECFC', base: '#BCA7DB', deep: '#6F5797', glow: '#E4D6F7' },
  icy: { light: '#FFFFFF', base: '#DFE8E3', deep: '#8A9E96', glow: '#F9FCFA' },
  honey: { light: '#FBF0CE', base: '#D2AB5C', deep: '#86581C', glow: '#F4DA98' },
  black: { light: '#76827C', base: '#232A26', deep: '#050807', glow: '#3E4B45' },
  'blue-green': { light: '#A6E2D8', base: '#2A8A82', deep: '#0B403D', glow: '#63C5B8' },
}

interface Backdrop {
  centre: string
  middle: string
  edge: string
}

const BACKDROPS = {
  ivory: { centre: '#FFFDF8', middle: '#F6F0E6', edge: '#E4DACB' },
  celadon: { centre: '#F8FBF7', middle: '#E7EFE8', edge: '#CBDACF' },
  sand: { centre: '#FCF7EF', middle: '#F0E6D6', edge: '#DCCBB2' },
  dove: { centre: '#FBFAF8', middle: '#EFECE7', edge: '#D7D1C8' },
} satisfies Record<string, Backdrop>

// A small seeded generator: the same catalogue always draws the same pictures (and so gets the same
// content-hashed file names), which keeps re-seeding cheap.
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const round = (value: number) => Math.round(value * 10) / 10
const round2 = (value: number) => Math.round(value * 100) / 100

/** Collects the gradients of one SVG document, each with an id of its own. */
class Scene {
  private readonly defs: string[] = []
  private readonly gradients = new Map<string, string>()
  private counter = 0

  constructor(readonly rng: () => number) {}

  id(prefix: string): string {
    this.counter += 1
    return `${prefix}${this.counter}`
  }

  def(markup: string) {
    this.defs.push(markup)
  }

  /**
   * Fill for an ellipse that fades from `colour` at its centre to nothing at its edge: highlights,
   * clouds in the stone, and (flatter) cast shadows. Gradients stand in for Gaussian blurs
   * throughout: a blur filter costs librsvg several times the rest of the picture.
   */
  softSpot(colour: string, opacity: number, profile: 'glint' | 'shadow' = 'glint'): string {
    const key = `${profile}${colour}${opacity}`
    let id = this.gradients.get(key)
    if (!id) {
      id = this.id('spot')
      const stops =
        profile === 'glint'
          ? [
              [0, 1],
              [0.5, 0.55],
              [1, 0],
            ]
          : [
              [0, 1],
              [0.45, 0.8],
              [0.75, 0.32],
              [1, 0],
            ]
      this.def(
        `<radialGradient id="${id}">${stops
          .map(
            ([offset, share]) =>
              `<stop offset="${offset}" stop-color="${colour}" stop-opacity="${round2(opacity * share!)}"/>`,
          )
          .join('')}</radialGradient>`,
      )
      this.gradients.set(key, id)
    }
    return `url(#${id})`
  }

  /** Fill for an ellipse that is clear inside `from`, darkest at `peak` and clear again at its edge. */
  softRing(colour: string, opacity: number, from: number, peak: number): string {
    const id = this.id('ring')
    this.def(
      `<radialGradient id="${id}"><stop offset="${round2(from)}" stop-color="${colour}" stop-opacity="0"/>` +
        `<stop offset="${round2(peak)}" stop-color="${colour}" stop-opacity="${opacity}"/>` +
        `<stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`,
    )
    return `url(#${id})`
  }

  /** The stone's body: lit at the upper left, deep at the edges, glowing low on the far side. */
  jadeFill(palette: Palette): { body: string; glow: string } {
    const body = this.id('jade')
    const glow = this.id('glow')
    this.def(
      `<radialGradient id="${body}" cx="0.42" cy="0.38" r="0.72" fx="0.34" fy="0.28">` +
        `<stop offset="0" stop-color="${palette.light}"/><stop offset="0.45" stop-color="${palette.base}"/>` +
        `<stop offset="1" stop-color="${palette.deep}"/></radialGradient>`,
    )
    this.def(
      `<radialGradient id="${glow}" cx="0.6" cy="0.74" r="0.46">` +
        `<stop offset="0" stop-color="${palette.glow}" stop-opacity="0.75"/>` +
        `<stop offset="1" stop-color="${palette.glow}" stop-opacity="0"/></radialGradient>`,
    )
    return { body, glow }
  }

  gold(): string {
    const id = this.id('gold')
    this.def(
      `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">` +
        '<stop offset="0" stop-color="#FFF1C2"/><stop offset="0.3" stop-color="#E5C170"/>' +
        '<stop offset="0.65" stop-color="#B88C39"/><stop offset="1" stop-color="#7C5A1C"/></linearGradient>',
    )
    return id
  }

  document(width: number, height: number, backdrop: Backdrop, content: string, viewBox?: string): string {
    const view = viewBox ?? `0 0 ${width} ${height}`
    const [, , vw = width, vh = height] = view.split(' ').map(Number)
    // Rendered at the pipeline's largest width, so the biggest variant is never an enlargement.
    const pixelWidth = WIDTHS[WIDTHS.length - 1]!
    const pixelHeight = Math.round((pixelWidth * vh) / vw)
    const background = this.id('bg')
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${pixelWidth}" height="${pixelHeight}" viewBox="${view}">` +
      `<defs><radialGradient id="${background}" cx="0.5" cy="0.42" r="0.78">` +
      `<stop offset="0" stop-color="${backdrop.centre}"/><stop offset="0.55" stop-color="${backdrop.middle}"/>` +
      `<stop offset="1" stop-color="${backdrop.edge}"/></radialGradient>${this.defs.join('')}</defs>` +
      `<rect x="-${width}" y="-${height}" width="${width * 3}" height="${height * 3}" fill="url(#${background})"/>` +
      `${content}</svg>`
    )
  }
}

const SHADOW = '#4A3826'

/** A ring-shaped tube (bangle, hoop, jade band) drawn as concentric strokes of one ellipse. */
function jadeTube(
  scene: Scene,
  palette: Palette,
  rx: number,
  ry: number,
  thickness: number,
  options: { mottle?: number; shadowDrop?: number } = {},
): string {
  const ellipse = (width: number, extra: string) =>
    `<ellipse rx="${rx}" ry="${ry}" fill="none" stroke-width="${round(width)}" ${extra}/>`
  const drop = round(options.shadowDrop ?? thickness * 0.55)
  const outer = { rx: rx + thickness * 1.1, ry: ry + thickness * 1.1 }
  const parts: string[] = []
  // The cast shadow, and the faint colour translucent stone throws into it.
  parts.push(
    `<ellipse cx="${round(thickness * 0.1)}" cy="${drop}" rx="${round(outer.rx)}" ry="${round(outer.ry)}" fill="${scene.softRing(SHADOW, 0.34, (rx - thickness * 0.9) / outer.rx, rx / outer.rx)}"/>`,
    `<ellipse cy="${round(drop * 0.7)}" rx="${round(outer.rx)}" ry="${round(outer.ry)}" fill="${scene.softRing(palette.base, 0.16, (rx - thickness * 0.5) / outer.rx, (rx + thickness * 0.1) / outer.rx)}"/>`,
  )
  // Round cross-section: deep at the edges, the body colour towards the middle, a glow along the
  // centre (light travelling inside the stone). Built from many faint strokes: a blur over the
  // whole tube would look the same but take several times as long to rasterise.
  const body: string[] = [ellipse(thickness, `stroke="${palette.deep}"`)]
  for (let step = 0; step < 14; step += 1) {
    body.push(ellipse(thickness * (0.985 - step * 0.022), `stroke="${palette.base}" stroke-opacity="0.17"`))
  }

  // Natural mottling: soft clouds lying along the tube, narrow enough to fade out before its edge
  // (a mask would keep them inside too, at twice the rasterising time).
  const count = options.mottle ?? 9
  for (let i = 0; i < count; i += 1) {
    const angle = scene.rng() * Math.PI * 2
    const colour = scene.rng() < 0.5 ? palette.deep : palette.light
    const opacity = round2(0.3 + scene.rng() * 0.3)
    const x = round(rx * Math.cos(angle))
    const y = round(ry * Math.sin(angle))
    const tangent = round((Math.atan2(ry * Math.cos(angle), -rx * Math.sin(angle)) * 180) / Math.PI)
    body.push(
      `<ellipse cx="${x}" cy="${y}" rx="${round(thickness * (0.7 + scene.rng() * 0.9))}" ry="${round(thickness * 0.4)}" transform="rotate(${tangent} ${x} ${y})" fill="${scene.softSpot(colour, opacity)}"/>`,
    )
  }
  for (let step = 0; step < 14; step += 1) {
    body.push(ellipse(thickness * (0.62 - step * 0.04), `stroke="${palette.glow}" stroke-opacity="0.05"`))
  }
  parts.push(body.join(''))

  // Upper-left specular arc on the top of the tube with a soft sheen around it; a fainter one on
  // the near side and a glint on the inside wall.
  parts.push(highlightArc(scene, rx, ry, -thickness * 0.26, 188, 276, thickness * 0.12, 0.3))
  parts.push(highlightArc(scene, rx, ry, -thickness * 0.28, 195, 265, thickness * 0.07, 0.95))
  parts.push(highlightArc(scene, rx, ry, -thickness * 0.3, 62, 118, thickness * 0.05, 0.55))
  parts.push(highlightArc(scene, rx, ry, thickness * 0.22, 296, 334, thickness * 0.04, 0.4))
  return parts.join('')
}

/**
 * A white glint along part of an ellipse, shifted off its centre line by `offset`. Its ends fade
 * out (a gradient along the chord) and its edges are softened by two wider, fainter strokes.
 */
function highlightArc(
  scene: Scene,
  rx: number,
  ry: number,
  offset: number,
  fromDegrees: number,
  toDegrees: number,
  width: number,
  opacity: number,
): string {
  const point = (degrees: number) => {
    const t = (degrees * Math.PI) / 180
    return { x: round(rx * Math.cos(t)), y: round(ry * Math.sin(t) + offset) }
  }
  const points: string[] = []
  for (let degrees = fromDegrees; degrees <= toDegrees; degrees += 4) {
    const p = point(degrees)
    points.push(`${p.x},${p.y}`)
  }
  const start = point(fromDegrees)
  const end = point(toDegrees)
  const fade = scene.id('fade')
  scene.def(
    `<linearGradient id="${fade}" gradientUnits="userSpaceOnUse" x1="${start.x}" y1="${start.y}" x2="${end.x}" y2="${end.y}">` +
      '<stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.3" stop-color="#fff"/>' +
      '<stop offset="0.7" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>',
  )
  return [
    [2.6, 0.14],
    [1.7, 0.28],
    [1, 1],
  ]
    .map(
      ([scale, share]) =>
        `<polyline points="${points.join(' ')}" fill="none" stroke="url(#${fade})" stroke-opacity="${round2(opacity * share!)}" stroke-width="${round(width * scale!)}" stroke-linecap="round" stroke-linejoin="round"/>`,
    )
    .join('')
}

/** A polished stone of any outline: body gradient, transmitted glow, rim and specular highlight. */
function jadeStone(
  scene: Scene,
  palette: Palette,
  shape: string,
  highlight: { x: number; y: number; rx: number; ry: number; rotate: number },
): string {
  const fill = scene.jadeFill(palette)
  return (
    `<path d="${shape}" fill="url(#${fill.body})"/>` +
    `<path d="${shape}" fill="url(#${fill.glow})"/>` +
    `<path d="${shape}" fill="none" stroke="${palette.deep}" stroke-opacity="0.35" stroke-width="2"/>` +
    `<ellipse cx="${highlight.x}" cy="${highlight.y}" rx="${round(highlight.rx * 1.5)}" ry="${round(highlight.ry * 1.5)}" ` +
    `transform="rotate(${highlight.rotate} ${highlight.x} ${highlight.y})" fill="${scene.softSpot('#fff', 1)}"/>` +
    `<ellipse cx="${round(highlight.x + highlight.rx * 0.9)}" cy="${round(highlight.y + highlight.ry * 1.6)}" rx="${round(highlight.rx * 0.4)}" ry="${round(highlight.ry * 0.5)}" fill="${scene.softSpot('#fff', 0.7)}"/>`
  )
}

/** The soft shadow a piece casts on the backdrop: an ellipse somewhat larger than the piece. */
function castShadow(scene: Scene, cx: number, cy: number, rx: number, ry: number, opacity = 0.32) {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${scene.softSpot(SHADOW, opacity, 'shadow')}"/>`
}

const circlePath = (cx: number, cy: number, r: number) =>
  `M${cx - r},${cy}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`
const ellipsePath = (cx: number, cy: number, rx: number, ry: number) =>
  `M${cx - rx},${cy}a${rx},${ry} 0 1,0 ${2 * rx},0a${rx},${ry} 0 1,0 ${-2 * rx},0Z`

// Every piece is drawn around (0, 0) within roughly ±420 units.

function drawBangle(scene: Scene, palette: Palette, slim = false): string {
  return jadeTube(scene, palette, 300, 190, slim ? 72 : 104)
}

function drawBeads(scene: Scene, palette: Palette, count: number): string {
  const rx = 300
  const ry = 215
  const radius = (Math.PI * Math.sqrt((rx * rx + ry * ry) / 2)) / count
  const fill = scene.jadeFill(palette)
  const beads = Array.from({ length: count }, (_, i) => {
    const t = (i / count) * Math.PI * 2 + 0.13
    return { x: rx * Math.cos(t), y: ry * Math.sin(t), tint: scene.rng() }
  }).sort((a, b) => a.y - b.y) // far beads first, near beads over them

  const parts = [
    `<ellipse cx="10" cy="40" rx="${round(rx + radius * 2)}" ry="${round(ry + radius * 2)}" fill="${scene.softRing(SHADOW, 0.3, (rx - radius * 1.6) / (rx + radius * 2), rx / (rx + radius * 2))}"/>`,
    `<ellipse rx="${rx}" ry="${ry}" fill="none" stroke="#D8CBB6" stroke-width="3"/>`,
  ]
  for (const bead of beads) {
    // Slight perspective: the near beads are a little larger.
    const r = round(radius * (0.93 + 0.08 * (bead.y / ry)) * 0.98)
    const x = round(bead.x)
    const y = round(bead.y)
    const tint = bead.tint < 0.5 ? palette.deep : palette.light
    parts.push(
      `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#${fill.body})"/>`,
      `<circle cx="${x}" cy="${y}" r="${r}" fill="${tint}" fill-opacity="${round2(Math.abs(bead.tint - 0.5) * 0.35)}"/>`,
      `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#${fill.glow})"/>`,
      `<ellipse cx="${round(x - r * 0.36)}" cy="${round(y - r * 0.42)}" rx="${round(r * 0.36)}" ry="${round(r * 0.22)}" transform="rotate(-35 ${round(x - r * 0.36)} ${round(y - r * 0.42)})" fill="${scene.softSpot('#fff', 1)}"/>`,
      `<circle cx="${round(x + r * 0.3)}" cy="${round(y + r * 0.45)}" r="${round(r * 0.14)}" fill="${scene.softSpot('#fff', 0.5)}"/>`,
    )
  }
  return parts.join('')
}

/** A French hook rising from (0, top) and curling back down behind the stone. */
function hook(scene: Scene, top: number): string {
  const gold = scene.gold()
  const path = `M0,${top} L0,${top - 40} C0,${top - 150} 120,${top - 160} 118,${top - 70} C116,${top - 30} 102,${top} 92,${top + 30}`
  // A fine wire lying just above the backdrop casts a close, faint shadow.
  return (
    `<path d="${path}" transform="translate(7 12)" fill="none" stroke="${SHADOW}" stroke-opacity="0.07" stroke-width="16" stroke-linecap="round"/>` +
    `<path d="${path}" transform="translate(6 10)" fill="none" stroke="${SHADOW}" stroke-opacity="0.12" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="${path}" fill="none" stroke="url(#${gold})" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="${path}" fill="none" stroke="#FFF6D8" stroke-opacity="0.7" stroke-width="2" stroke-linecap="round" transform="translate(-1.5 -1.5)"/>`
  )
}

/** A small gold cap and jump ring where a stone hangs. */
function bail(scene: Scene, y: number, size = 1): string {
  const gold = scene.gold()
  return (
    `<circle cx="0" cy="${y - 22 * size}" r="${14 * size}" fill="none" stroke="url(#${gold})" stroke-width="${5 * size}"/>` +
    `<path d="M${-20 * size},${y + 4 * size} Q0,${y - 14 * size} ${20 * size},${y + 4 * size} L${14 * size},${y + 12 * size} Q0,${y + 2 * size} ${-14 * size},${y + 12 * size}Z" fill="url(#${gold})"/>`
  )
}

const TEARDROP = (scale: number) => {
  const s = (n: number) => round(n * scale)
  return `M0,${s(-120)} C${s(36)},${s(-72)} ${s(78)},${s(-22)} ${s(78)},${s(30)} C${s(78)},${s(80)} ${s(43)},${s(112)} 0,${s(112)} C${s(-43)},${s(112)} ${s(-78)},${s(80)} ${s(-78)},${s(30)} C${s(-78)},${s(-22)} ${s(-36)},${s(-72)} 0,${s(-120)}Z`
}

function drawEarrings(scene: Scene, palette: Palette, kind: 'drops' | 'hoops' | 'studs'): string {
  const one = (x: number, y: number, angle: number) => {
    let piece: string
    if (kind === 'drops') {
      piece =
        castShadow(scene, 16, 34, 100, 140) +
        hook(scene, -135) +
        bail(scene, -118, 0.9) +
        jadeStone(scene, palette, TEARDROP(1), { x: -26, y: -30, rx: 16, ry: 34, rotate: 22 })
    } else if (kind === 'hoops') {
      piece =
        hook(scene, -150) +
        `<g transform="translate(0 -10)">${jadeTube(scene, palette, 105, 105, 34, { mottle: 5, shadowDrop: 24 })}</g>` +
        bail(scene, -130, 0.8)
    } else {
      const gold = scene.gold()
      piece =
        castShadow(scene, 14, 26, 150, 150) +
        `<circle r="124" fill="url(#${gold})"/><circle r="124" fill="none" stroke="#6E4F15" stroke-opacity="0.5" stroke-width="2"/>` +
        `<circle r="109" fill="none" stroke="#6E4F15" stroke-opacity="0.35" stroke-width="3"/>` +
        jadeStone(scene, palette, circlePath(0, 0, 108), { x: -36, y: -42, rx: 34, ry: 18, rotate: -35 })
    }
    return `<g transform="translate(${x} ${y}) rotate(${angle})">${piece}</g>`
  }
  return kind === 'studs' ? one(-175, -10, 0) + one(175, 20, 0) : one(-170, 40, -5) + one(170, 70, 6)
}

const GOURD = (() => {
  // Upper lobe (centre 0,-70, r 66) and lower lobe (centre 0,62, r 100), joined at a waist.
  const upper = { cy: -70, r: 66 }
  const lower = { cy: 62, r: 100 }
  const y = -24
  const xu = round(Math.sqrt(upper.r ** 2 - (y - upper.cy) ** 2))
  const xl = round(Math.sqrt(lower.r ** 2 - (y - lower.cy) ** 2))
  return `M${-xu},${y} A${upper.r},${upper.r} 0 1,1 ${xu},${y} Q${round((xu + xl) / 2 - 6)},${y + 4} ${xl},${y + 4} A${lower.r},${lower.r} 0 1,1 ${-xl},${y + 4} Q${round(-(xu + xl) / 2 + 6)},${y + 4} ${-xu},${y}Z`
})()

interface PendantOutline {
  path: string
  top: number
  /** The cast shadow's ellipse: centre y and radii. */
  shadow: { cy: number; rx: number; ry: number }
  highlight: { x: number; y: number; rx: number; ry: number; rotate: number }
  /** Carved lines, drawn as a groove. */
  carving?: string
}

function pendantOutline(shape: PendantShape): PendantOutline {
  switch (shape) {
    case 'teardrop':
      return {
        path: TEARDROP(1.45),
        top: -174,
        shadow: { cy: 20, rx: 140, ry: 200 },
        highlight: { x: -40, y: -40, rx: 22, ry: 50, rotate: 22 },
      }
    case 'coin':
      // The "safety coin": a disc with a round hole, worn for protection. Filled even-odd.
      return {
        path: `${circlePath(0, 0, 140)}${circlePath(0, 0, 44)}`,
        top: -140,
        shadow: { cy: 10, rx: 185, ry: 185 },
        highlight: { x: -70, y: -72, rx: 40, ry: 16, rotate: -40 },
      }
    case 'leaf':
      return {
        path: 'M0,-175 C115,-105 128,62 0,178 C-128,62 -115,-105 0,-175Z',
        top: -175,
        shadow: { cy: 10, rx: 130, ry: 215 },
        highlight: { x: -42, y: -50, rx: 16, ry: 52, rotate: 18 },
        carving:
          'M0,-150 Q9,0 0,160 M3,-60 Q40,-70 70,-100 M5,10 Q50,0 85,-30 M4,80 Q40,74 64,50 M-2,-30 Q-40,-40 -72,-66 M-3,45 Q-45,38 -80,10',
      }
    case 'gourd':
      // The hulu gourd, an emblem of good health.
      return {
        path: GOURD,
        top: -136,
        shadow: { cy: 30, rx: 140, ry: 200 },
        highlight: { x: -30, y: -98, rx: 12, ry: 24, rotate: 25 },
        carving: 'M-50,-20 Q0,-4 50,-20',
      }
    default:
      return {
        path: ellipsePath(0, 0, 100, 136),
        top: -150,
        shadow: { cy: 10, rx: 150, ry: 190 },
        highlight: { x: -38, y: -58, rx: 18, ry: 40, rotate: 24 },
      }
  }
}

function drawPendant(scene: Scene, palette: Palette, shape: PendantShape): string {
  const gold = scene.gold()
  const outline = pendantOutline(shape)
  const bailY = outline.top - 8
  const chainTop = -900
  // A fine chain: a dashed gold line reads as tiny links, over a thin darker line for depth.
  const chain = (side: 1 | -1) =>
    `M0,${bailY - 34} C${side * 60},${bailY - 60} ${side * 170},${bailY - 150} ${side * 240},${bailY - 330} S${side * 330},${chainTop + 200} ${side * 360},${chainTop}`
  const chains = ([1, -1] as const)
    .map(
      (side) =>
        `<path d="${chain(side)}" transform="translate(5 9)" fill="none" stroke="${SHADOW}" stroke-opacity="0.1" stroke-width="9"/>` +
        `<path d="${chain(side)}" fill="none" stroke="#8A6724" stroke-width="3.2"/>` +
        `<path d="${chain(side)}" fill="none" stroke="url(#${gold})" stroke-width="4.6" stroke-dasharray="7 4" stroke-linecap="round"/>` +
        `<path d="${chain(side)}" fill="none" stroke="#FFF4D0" stroke-opacity="0.8" stroke-width="1.4" stroke-dasharray="3 8"/>`,
    )
    .join('')
  // The oval cabochon sits in a gold bezel; the carved shapes hang free.
  const bezel =
    shape === 'oval'
      ? `<path d="${ellipsePath(0, 0, 112, 148)}" fill="url(#${gold})"/>` +
        `<path d="${ellipsePath(0, 0, 112, 148)}" fill="none" stroke="#6E4F15" stroke-opacity="0.5" stroke-width="2"/>`
      : ''
  const carving = outline.carving
    ? `<path d="${outline.carving}" fill="none" stroke="${palette.deep}" stroke-opacity="0.35" stroke-width="3" stroke-linecap="round"/>` +
      `<path d="${outline.carving}" transform="translate(1.5 2)" fill="none" stroke="#fff" stroke-opacity="0.3" stroke-width="2" stroke-linecap="round"/>`
    : ''
  const { cy, rx, ry } = outline.shadow
  const shadow =
    shape === 'coin'
      ? `<ellipse cx="16" cy="${cy + 24}" rx="${rx}" ry="${ry}" fill="${scene.softRing(SHADOW, 0.3, 0.2, 0.55)}"/>`
      : castShadow(scene, 18, cy + 24, rx, ry)
  return (
    chains +
    shadow +
    bezel +
    `<g fill-rule="evenodd">${jadeStone(scene, palette, outline.path, outline.highlight)}</g>` +
    carving +
    bail(scene, bailY, 1.3)
  )
}

function drawRing(scene: Scene, palette: Palette, setting: 'cabochon' | 'halo' | 'band'): string {
  if (setting === 'band') {
    // A saddle ring carved from one piece of jade, seen three-quarters from above.
    return `<g transform="translate(0 20)">${jadeTube(scene, palette, 190, 150, 64, { mottle: 7, shadowDrop: 40 })}</g>`
  }
  const gold = scene.gold()
  const bandGold = scene.gold()
  // The ring stands on its band, turned towards the viewer: the shank is a tall ellipse.
  const shank = (width: number, extra: string) =>
    `<ellipse cx="0" cy="70" rx="150" ry="210" fill="none" stroke-width="${width}" ${extra}/>`
  const parts = [
    `<ellipse cx="18" cy="110" rx="205" ry="265" fill="${scene.softRing(SHADOW, 0.26, 0.6, 0.8)}"/>`,
    castShadow(scene, 20, -100, 190, 130, 0.26),
    shank(30, `stroke="url(#${bandGold})"`),
    shank(30, 'stroke="#6E4F15" stroke-opacity="0.18"'),
    `<g transform="translate(0 70)">${highlightArc(scene, 150, 210, 0, 150, 215, 5, 0.8)}</g>`,
    // The bezel: its side wall (a darker copy, lower down) gives it depth, then its top.
    `<path d="${ellipsePath(0, -134, 140, 92)}" fill="#8C6522"/>`,
    `<path d="${ellipsePath(0, -136, 138, 90)}" fill="url(#${gold})" fill-opacity="0.55"/>`,
    `<path d="${ellipsePath(0, -150, 140, 92)}" fill="url(#${gold})"/>`,
    `<path d="${ellipsePath(0, -150, 140, 92)}" fill="none" stroke="#6E4F15" stroke-opacity="0.45" stroke-width="2"/>`,
  ]
  if (setting === 'halo') {
    // A halo of small diamonds around the bezel, each with a little star of light.
    const diamond = scene.id('diamond')
    scene.def(
      `<radialGradient id="${diamond}" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#fff"/>` +
        '<stop offset="0.6" stop-color="#DDE5EC"/><stop offset="1" stop-color="#9FAAB5"/></radialGradient>',
    )
    for (let i = 0; i < 22; i += 1) {
      const t = (i / 22) * Math.PI * 2
      const x = round(128 * Math.cos(t))
      const y = round(-150 + 82 * Math.sin(t))
      parts.push(
        `<circle cx="${x}" cy="${y}" r="11" fill="url(#${diamond})" stroke="#8E9AA6" stroke-width="1"/>`,
        `<path d="M${x - 7},${y} L${x},${y - 2} L${x + 7},${y} L${x},${y + 2}Z M${x},${y - 7} L${x + 2},${y} L${x},${y + 7} L${x - 2},${y}Z" fill="#fff"/>`,
      )
    }
  }
  const cabochon = setting === 'halo' ? ellipsePath(0, -150, 106, 66) : ellipsePath(0, -152, 124, 80)
  parts.push(jadeStone(scene, palette, cabochon, { x: -44, y: -182, rx: 34, ry: 13, rotate: -12 }))
  return parts.join('')
}

function drawPiece(scene: Scene, artwork: Artwork): string {
  const palette = PALETTES[artwork.jade]
  switch (artwork.kind) {
    case 'bangle':
      return drawBangle(scene, palette, artwork.slim)
    case 'beads':
      return drawBeads(scene, palette, artwork.beads)
    case 'pendant':
      return drawPendant(scene, palette, artwork.shape)
    case 'ring':
      return drawRing(scene, palette, artwork.setting)
    default:
      return drawEarrings(scene, palette, artwork.kind)
  }
}

// Square product pictures are composed on 1200 x 1200, category banners on 1200 x 900.
const PRODUCT_SIZE = 1200
const BANNER = { width: 1200, height: 900 }

/** Three views of one piece: the whole piece, a close-up, and a turned piece on another backdrop. */
export function productSvgs(artwork: Artwork, seed: number): string[] {
  const centre = PRODUCT_SIZE / 2
  // Rings are the smallest drawings: they get closer to the camera.
  const scale = artwork.kind === 'ring' ? 1.32 : 1.12
  const main = new Scene(random(seed))
  const mainSvg = main.document(
    PRODUCT_SIZE,
    PRODUCT_SIZE,
    BACKDROPS.ivory,
    `<g transform="translate(${centre} ${centre + 10}) scale(${scale})">${drawPiece(main, artwork)}</g>`,
  )
  // The close-up re-frames the same scene: vector art stays sharp when the view box shrinks.
  const detail = new Scene(random(seed))
  const focus = closeUpFocus(artwork)
  const detailSvg = detail.document(
    PRODUCT_SIZE,
    PRODUCT_SIZE,
    BACKDROPS.dove,
    `<g transform="translate(${centre} ${centre + 10}) scale(${scale})">${drawPiece(detail, artwork)}</g>`,
    `${round(centre + focus.x * scale - 330)} ${round(centre + 10 + focus.y * scale - 330)} 660 660`,
  )
  const turned = new Scene(random(seed + 1))
  const backdrop = seed % 2 === 0 ? BACKDROPS.celadon : BACKDROPS.sand
  const turnedSvg = turned.document(
    PRODUCT_SIZE,
    PRODUCT_SIZE,
    backdrop,
    `<g transform="translate(${centre + 20} ${centre + 30}) rotate(-14) scale(${round(scale * 0.84)})">${drawPiece(turned, artwork)}</g>`,
  )
  return [mainSvg, detailSvg, turnedSvg]
}

/** Where the close-up looks, in the piece's own units: its most telling part. */
function closeUpFocus(artwork: Artwork): { x: number; y: number } {
  switch (artwork.kind) {
    case 'bangle':
    case 'beads':
      return { x: -170, y: -135 }
    case 'pendant':
      return { x: 0, y: -35 }
    case 'ring':
      return { x: 0, y: -120 }
    default:
      return { x: -160, y: 0 }
  }
}

const CATEGORY_SCENES: Record<
  ProductCategory,
  Array<{ artwork: Artwork; x: number; y: number; scale: number; rotate: number }>
> = {
  bangles: [
    { artwork: { kind: 'bangle', jade: 'lavender' }, x: 800, y: 500, scale: 0.7, rotate: 8 },
    { artwork: { kind: 'bangle', jade: 'imperial' }, x: 440, y: 420, scale: 0.78, rotate: -6 },
  ],
  bracelets: [
    { artwork: { kind: 'beads', jade: 'apple', beads: 18 }, x: 420, y: 420, scale: 0.72, rotate: -8 },
    { artwork: { kind: 'beads', jade: 'lavender', beads: 16 }, x: 800, y: 510, scale: 0.62, rotate: 10 },
  ],
  earrings: [
    { artwork: { kind: 'drops', jade: 'imperial' }, x: 360, y: 450, scale: 0.8, rotate: -4 },
    { artwork: { kind: 'hoops', jade: 'lavender' }, x: 850, y: 470, scale: 0.72, rotate: 5 },
  ],
  necklaces: [
    { artwork: { kind: 'pendant', jade: 'icy', shape: 'coin' }, x: 830, y: 560, scale: 0.8, rotate: 8 },
    {
      artwork: { kind: 'pendant', jade: 'imperial', shape: 'teardrop' },
      x: 400,
      y: 540,
      scale: 0.95,
      rotate: -5,
    },
  ],
  rings: [
    { artwork: { kind: 'ring', jade: 'black', setting: 'band' }, x: 800, y: 560, scale: 0.8, rotate: 10 },
    {
      artwork: { kind: 'ring', jade: 'imperial', setting: 'cabochon' },
      x: 450,
      y: 430,
      scale: 0.85,
      rotate: -8,
    },
  ],
}

/** A landscape banner for a category page: two pieces of it side by side. */
export function categorySvg(category: ProductCategory, seed: number): string {
  const scene = new Scene(random(seed))
  const pieces = CATEGORY_SCENES[category]
    .map(
      (piece) =>
        `<g transform="translate(${piece.x} ${piece.y}) rotate(${piece.rotate}) scale(${piece.scale})">${drawPiece(scene, piece.artwork)}</g>`,
    )
    .join('')
  return scene.document(BANNER.width, BANNER.height, BACKDROPS.ivory, pieces)
}

// Journal banners are 3:2, as the Journal's cards and pages show them.
const JOURNAL_BANNER = { width: 1200, height: 800 }

/** A Journal story's banner: its pieces side by side on a warm backdrop, a little apart. */
export function journalSvg(pieces: Artwork[], seed: number): string {
  const scene = new Scene(random(seed))
  const placements = [
    { x: 420, y: 400, scale: 0.74, rotate: -7 },
    { x: 820, y: 430, scale: 0.62, rotate: 9 },
  ]
  const content = pieces
    .slice(0, placements.length)
    .map((artwork, index) => {
      const place = placements[index]!
      const scale = artwork.kind === 'ring' ? place.scale * 1.25 : place.scale
      return `<g transform="translate(${place.x} ${place.y}) rotate(${place.rotate}) scale(${round(scale)})">${drawPiece(scene, artwork)}</g>`
    })
    .join('')
  const backdrop = seed % 2 === 0 ? BACKDROPS.sand : BACKDROPS.celadon
  return scene.document(JOURNAL_BANNER.width, JOURNAL_BANNER.height, backdrop, content)
}

/** Rasterises one scene to PNG: the "photo" the pipeline then treats like any upload. */
export async function rasterise(svg: string): Promise<Buffer> {
  // Little compression: the PNG is decoded again a moment later and never kept.
  // The backdrop is opaque: dropping the alpha channel makes every later step cheaper.
  return sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 1 }).toBuffer()
}

/** Runs `task` over `items` with at most `limit` running at once, keeping the order of results. */
async function mapLimited<T, R>(items: T[], limit: number, task: (item: T, index: number) => Promise<R>) {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index]!, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

export interface DemoImages {
  /** One list of image URLs per artwork, in the order given. */
  products: string[][]
  categories: Record<ProductCategory, string>
  /** One banner URL per Journal story, in the order given. */
  banners: string[]
}

/** Draws, rasterises and stores every demo picture; returns their URLs. */
export async function createDemoImages(
  artworks: Artwork[],
  categories: readonly ProductCategory[],
  store: FileStore,
  banners: Artwork[][] = [],
): Promise<DemoImages> {
  const jobs: Array<() => string> = []
  artworks.forEach((artwork, index) => {
    const svgs = productSvgs(artwork, 1000 + index * 7)
    for (const svg of svgs) jobs.push(() => svg)
  })
  categories.forEach((category, index) => {
    jobs.push(() => categorySvg(category, 50 + index))
  })
  banners.forEach((pieces, index) => {
    jobs.push(() => journalSvg(pieces, 90 + index))
  })
  // sharp works on libuv's thread pool; a couple of images in flight per core keeps every core busy.
  const urls = await mapLimited(jobs, Math.max(2, availableParallelism()), async (job) => {
    const png = await rasterise(job())
    // A lower encoder effort than uploads get: the files come out a few percent larger, but first
    // start is twice as fast, and these pictures are placeholders the owner will replace.
    return (await processImage(png, store, { effort: 2 })).url
  })
  const products = artworks.map((_, index) => urls.slice(index * 3, index * 3 + 3))
  const categoryUrls = Object.fromEntries(
    categories.map((category, index) => [category, urls[artworks.length * 3 + index]!]),
  ) as Record<ProductCategory, string>
  const bannerStart = artworks.length * 3 + categories.length
  return {
    products,
    categories: categoryUrls,
    banners: urls.slice(bannerStart, bannerStart + banners.length),
  }
}
