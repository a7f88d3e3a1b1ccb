import { twMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'
import { cn } from './cn'

// cn() carries a small tailwind-merge configuration (first-load weight); on the overrides our
// components make it must decide exactly as tailwind-merge's full one does.
const BUTTON =
  'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-sm font-medium tracking-wide transition-colors duration-200 [&_svg]:pointer-events-none [&_svg]:shrink-0 disabled:pointer-events-none disabled:opacity-50'

const CASES = [
  `${BUTTON} text-ink hover:bg-jade-50 h-9 px-3 text-sm hidden sm:inline-flex`,
  `${BUTTON} border border-gold bg-transparent text-gold-deep hover:bg-gold/10 h-11 px-5 text-sm text-ivory`,
  `${BUTTON} text-ink hover:bg-jade-50 size-11 size-10 text-ink-muted hover:text-ink [&_svg]:size-[18px]`,
  `${BUTTON} text-ink hover:bg-jade-50 h-9 px-3 text-sm h-10 px-3 text-ink`,
  `${BUTTON} bg-jade-700 text-ivory hover:bg-jade-800 h-11 px-5 text-sm flex-1`,
  'text-sm tracking-wide text-ink-muted transition-colors hover:text-jade-700 text-ink underline decoration-gold',
  'sticky top-0 z-40 border-b border-ink/10 bg-ivory/95 backdrop-blur transition-shadow duration-300 shadow-none',
  'absolute top-full z-50 mt-3 min-w-56 border border-ink/10 bg-ivory py-2 shadow-xl shadow-ink/10 left-0',
  'rounded-sm bg-sand bg-[length:200%_100%] bg-no-repeat bg-[linear-gradient(90deg,transparent_25%,white_50%)] h-10 w-64',
  'p-4 px-2 py-8 pt-1 m-2 mx-auto mt-4 gap-4 gap-x-2',
  'px-2 p-4 mt-1 m-0 w-4 h-4 size-6',
  'text-lg leading-tight text-base font-display font-semibold font-medium',
  'block hidden flex grid inline-flex',
  'rounded-full rounded-sm border-2 border border-t border-jade-700 border-dashed',
  'opacity-50 opacity-100 z-10 z-50 inset-0 top-2',
  'max-w-7xl max-w-full min-w-0 min-w-32 w-full w-auto h-auto h-full',
  'justify-between justify-center items-start items-center grow-0 grow shrink flex-none',
  'uppercase normal-case underline no-underline whitespace-normal whitespace-nowrap line-clamp-2 line-clamp-none',
  'text-left text-center text-red-600 text-xs',
  'hover:bg-jade-50 hover:bg-jade-100 focus-visible:ring-2 sm:px-6 sm:px-8 lg:h-20 lg:h-16',
]

describe('cn', () => {
  it.each(CASES)('merges as tailwind-merge does: %s', (classes) => {
    expect(cn(classes)).toBe(twMerge(classes))
  })

  it('joins conditional classes', () => {
    expect(cn('a', false, undefined, { b: true, c: false }, ['d'])).toBe('a b d')
  })
})
