import { type ClassValue, clsx } from 'clsx'
import { createTailwindMerge, validators } from 'tailwind-merge'

const {
  isAny,
  isNumber,
  isTshirtSize,
  isArbitraryValue,
  isArbitrarySize,
  isArbitraryImage,
  isArbitraryShadow,
} = validators

const FONT_SIZES = ['xs', 'sm', 'base', 'lg', isTshirtSize, isArbitraryValue]
const SIDES = ['t', 'r', 'b', 'l', 'x', 'y', 's', 'e'] as const
const spacing = (prefix: string) => ({
  [prefix]: [{ [prefix]: [isAny] }],
  ...Object.fromEntries(SIDES.map((side) => [`${prefix}${side}`, [{ [`${prefix}${side}`]: [isAny] }]])),
})

/**
 * tailwind-merge with the class groups this shop's components override, not its full Tailwind
 * configuration: the default one is 10 KB of every page's first-load JavaScript (DESIGN.md §6).
 * A group missing here only means both classes stay and the stylesheet decides, as with clsx.
 */
const merge = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  classGroups: {
    display: [
      'block',
      'inline-block',
      'inline',
      'flex',
      'inline-flex',
      'grid',
      'inline-grid',
      'contents',
      'table',
      'hidden',
    ],
    position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
    visibility: ['visible', 'invisible', 'collapse'],
    'sr-only': ['sr-only', 'not-sr-only'],
    flex: [{ flex: ['row', 'col', 'row-reverse', 'col-reverse', 'wrap', 'nowrap', 'wrap-reverse'] }],
    'flex-size': [{ flex: [isNumber, 'auto', 'initial', 'none', isArbitraryValue] }],
    grow: [{ grow: ['', isNumber] }],
    shrink: [{ shrink: ['', isNumber] }],
    'justify-content': [{ justify: ['start', 'end', 'center', 'between', 'around', 'evenly', 'stretch'] }],
    'align-items': [{ items: ['start', 'end', 'center', 'baseline', 'stretch'] }],
    'align-self': [{ self: ['auto', 'start', 'end', 'center', 'stretch', 'baseline'] }],
    gap: [{ gap: [isAny] }],
    'gap-x': [{ 'gap-x': [isAny] }],
    'gap-y': [{ 'gap-y': [isAny] }],
    ...spacing('p'),
    ...spacing('m'),
    size: [{ size: [isAny] }],
    w: [{ w: [isAny] }],
    h: [{ h: [isAny] }],
    'min-w': [{ 'min-w': [isAny] }],
    'max-w': [{ 'max-w': [isAny] }],
    'min-h': [{ 'min-h': [isAny] }],
    'max-h': [{ 'max-h': [isAny] }],
    overflow: [{ overflow: ['auto', 'hidden', 'clip', 'visible', 'scroll'] }],
    'font-size': [{ text: FONT_SIZES }],
    'text-alignment': [{ text: ['left', 'center', 'right', 'justify', 'start', 'end'] }],
    'text-color': [{ text: [isAny] }],
    'font-weight': [
      { font: ['thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold', 'black'] },
    ],
    'font-family': [{ font: [isAny] }],
    leading: [{ leading: [isAny] }],
    tracking: [{ tracking: [isAny] }],
    'text-transform': ['uppercase', 'lowercase', 'capitalize', 'normal-case'],
    // Before the colour groups, which take any other value.
    'bg-repeat': [{ bg: ['repeat', 'no-repeat', 'repeat-x', 'repeat-y', 'repeat-round', 'repeat-space'] }],
    'bg-size': [{ bg: ['auto', 'cover', 'contain', isArbitrarySize] }],
    'bg-image': [{ bg: ['none', isArbitraryImage] }],
    'bg-color': [{ bg: [isAny] }],
    rounded: [{ rounded: ['', isAny] }],
    'border-w': [{ border: ['', isNumber] }],
    ...Object.fromEntries(
      SIDES.map((side) => [`border-w-${side}`, [{ [`border-${side}`]: ['', isNumber] }]]),
    ),
    'border-style': [{ border: ['solid', 'dashed', 'dotted', 'double', 'hidden', 'none'] }],
    'border-color': [{ border: [isAny] }],
    shadow: [{ shadow: ['', 'none', '2xs', 'xs', 'sm', 'md', 'lg', 'xl', '2xl', isArbitraryShadow] }],
    'shadow-color': [{ shadow: [isAny] }],
    opacity: [{ opacity: [isAny] }],
    cursor: [{ cursor: [isAny] }],
    'pointer-events': [{ 'pointer-events': ['auto', 'none'] }],
    transition: [{ transition: ['', 'all', 'colors', 'opacity', 'shadow', 'transform', 'none'] }],
    duration: [{ duration: [isAny] }],
    z: [{ z: [isAny] }],
    inset: [{ inset: [isAny] }],
    top: [{ top: [isAny] }],
    right: [{ right: [isAny] }],
    bottom: [{ bottom: [isAny] }],
    left: [{ left: [isAny] }],
    'aspect-ratio': [{ aspect: [isAny] }],
    'object-fit': [{ object: ['contain', 'cover', 'fill', 'none', 'scale-down'] }],
    whitespace: [{ whitespace: ['normal', 'nowrap', 'pre', 'pre-line', 'pre-wrap', 'break-spaces'] }],
    'line-clamp': [{ 'line-clamp': [isAny] }],
    'underline-offset': [{ 'underline-offset': [isAny] }],
    'text-decoration': ['underline', 'overline', 'line-through', 'no-underline'],
    'text-decoration-color': [{ decoration: [isAny] }],
  },
  conflictingClassGroups: {
    size: ['w', 'h'],
    p: ['px', 'py', 'ps', 'pe', 'pt', 'pr', 'pb', 'pl'],
    px: ['pr', 'pl', 'ps', 'pe'],
    py: ['pt', 'pb'],
    m: ['mx', 'my', 'ms', 'me', 'mt', 'mr', 'mb', 'ml'],
    mx: ['mr', 'ml', 'ms', 'me'],
    my: ['mt', 'mb'],
    gap: ['gap-x', 'gap-y'],
    'flex-size': ['grow', 'shrink'],
    'font-size': ['leading'],
    'border-w': SIDES.map((side) => `border-w-${side}`),
    inset: ['top', 'right', 'bottom', 'left'],
  },
  conflictingClassGroupModifiers: { 'font-size': ['leading'] },
  orderSensitiveModifiers: ['before', 'after', 'placeholder', 'file', 'marker', 'selection', '*', '**'],
}))

/** Joins class names; a caller's className wins over a component's defaults instead of fighting it. */
export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs))
}
