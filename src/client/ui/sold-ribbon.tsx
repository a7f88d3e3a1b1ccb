/** The diagonal SOLD ribbon across a corner of a sold piece's picture. */
export function SoldRibbon({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <div className="pointer-events-none absolute inset-0 overflow-hidden" aria-hidden>
      <div
        className={
          size === 'lg'
            ? 'absolute right-[-72px] top-[38px] w-[280px] rotate-45 bg-sold py-2 text-center text-sm font-medium tracking-[0.4em] text-ivory shadow-md'
            : 'absolute right-[-52px] top-[24px] w-[200px] rotate-45 bg-sold py-1 text-center text-xs font-medium tracking-[0.35em] text-ivory shadow'
        }
      >
        SOLD
      </div>
    </div>
  )
}
