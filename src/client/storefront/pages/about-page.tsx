import { useQuery } from '@tanstack/react-query'
import {
  Gem,
  HandHeart,
  Handshake,
  Infinity as InfinityIcon,
  type LucideIcon,
  Package,
  Sprout,
} from 'lucide-react'
import { Link } from 'react-router'
import { queries } from '../../lib/queries'
import { Button } from '../../ui/button'

interface Point {
  icon: LucideIcon
  title: string
  text: string
}

const VALUES: Point[] = [
  {
    icon: Gem,
    title: 'Quality Craftsmanship',
    text: 'Every stone is examined by hand in our Houston workshop for color, translucency and texture. We offer only jadeite we would be proud to wear ourselves, finished and polished with patience.',
  },
  {
    icon: HandHeart,
    title: 'Cultural Respect',
    text: 'For thousands of years jade has stood for virtue, protection and good fortune, given at births, weddings and milestones. We honor those traditions in the pieces we choose and in how we present them.',
  },
  {
    icon: Handshake,
    title: 'Ethical Sourcing',
    text: 'Our jadeite comes from Myanmar through trusted partners we know by name, with fair dealing at every step. Each piece is natural Type A, untreated and undyed, and certified as such.',
  },
]

const SUSTAINABILITY: Point[] = [
  {
    icon: InfinityIcon,
    title: 'Heirlooms, not trends',
    text: 'A jadeite bangle can be worn every day for a lifetime and then handed on. The most sustainable jewelry is the piece you never need to replace.',
  },
  {
    icon: Sprout,
    title: 'Respect for a rare stone',
    text: 'Fine jadeite cannot be made again. We favor carving that makes the most of each rough stone, so that as little as possible of it is wasted.',
  },
  {
    icon: Package,
    title: 'Thoughtful packaging',
    text: 'Pieces travel in protective, minimal packaging, and we reuse or recycle materials wherever we can.',
  },
]

const eyebrowClass = 'text-xs uppercase tracking-[0.35em] text-jade-700'
const ruleClass = 'h-px w-16 bg-gold'

export function AboutPage() {
  return (
    <>
      <Hero />
      <Story />
      <Values />
      <Sustainability />
      <CallToAction />
    </>
  )
}

function Hero() {
  return (
    <section className="border-b border-ink/10">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:grid-cols-12 md:py-24 lg:px-8">
        <div className="md:col-span-6 lg:col-span-5">
          <p className={eyebrowClass}>Since 2010 · Houston, Texas</p>
          <h1 className="mt-6 font-display text-5xl leading-[1.05] text-ink sm:text-6xl lg:text-7xl">
            Our Story
          </h1>
          <div className={`mt-8 ${ruleClass}`} aria-hidden />
          <p className="mt-8 max-w-md text-lg leading-relaxed text-ink-muted">
            A small family house devoted to a single stone: natural jadeite from Myanmar, chosen by hand and
            cared for until it reaches you.
          </p>
        </div>
        <div className="md:col-span-6 lg:col-span-6 lg:col-start-7">
          <JadePanel />
        </div>
      </div>
    </section>
  )
}

// The stone's band: a ring cut from a round panel, so every layer below shares one shape.
const ringMask =
  '[mask-image:radial-gradient(closest-side,transparent_70%,#000_71%,#000_99%,transparent_100%)]'

/** A jadeite bangle drawn in CSS from the jade palette: decoration, no photograph needed. */
function JadePanel() {
  return (
    <div
      aria-hidden
      className="relative mx-auto aspect-[4/3] max-w-xl overflow-hidden bg-[radial-gradient(circle_at_50%_42%,var(--color-jade-50),var(--color-sand)_72%)]"
    >
      {/* Soft shadow beneath the bangle. */}
      <div className="absolute bottom-[11%] left-1/2 h-[7%] w-[44%] -translate-x-1/2 rounded-full bg-jade-900/20 blur-xl" />
      <div className="absolute top-[46%] left-1/2 aspect-square w-[56%] -translate-x-1/2 -translate-y-1/2">
        {/* The stone: mottled greens from celadon to imperial. */}
        <div
          className={`absolute inset-0 rounded-full bg-[conic-gradient(from_210deg,var(--color-jade-200),var(--color-jade-500),var(--color-jade-800),var(--color-jade-600),var(--color-jade-300),var(--color-jade-100),var(--color-jade-400),var(--color-jade-700),var(--color-jade-200))] ${ringMask}`}
        />
        {/* Depth: darker at both edges of the band, as a rounded bangle catches less light there. */}
        <div
          className={`absolute inset-0 rounded-full bg-[radial-gradient(closest-side,rgb(9_62_44/0.45)_71%,transparent_78%,transparent_90%,rgb(9_62_44/0.5)_100%)] ${ringMask}`}
        />
        {/* The glow of polished stone. */}
        <div
          className={`absolute inset-0 rounded-full bg-[radial-gradient(circle_at_28%_24%,rgb(255_255_255/0.6),transparent_32%)] ${ringMask}`}
        />
      </div>
      <div className="pointer-events-none absolute inset-3 border border-gold/40" />
    </div>
  )
}

function Story() {
  const { data: store } = useQuery(queries.store())
  const storeName = store?.name ?? 'Jade Shop'
  return (
    <section
      className="mx-auto max-w-7xl px-4 py-20 sm:px-6 md:py-28 lg:px-8"
      aria-labelledby="story-heading"
    >
      <div className="grid gap-12 md:grid-cols-12">
        <div className="md:col-span-4">
          <p className={eyebrowClass}>Est. 2010</p>
          <h2 id="story-heading" className="mt-4 font-display text-4xl leading-tight text-ink sm:text-5xl">
            A family devoted to one stone
          </h2>
          <div className={`mt-6 ${ruleClass}`} aria-hidden />
        </div>
        <div className="space-y-6 text-lg leading-relaxed text-ink-muted md:col-span-7 md:col-start-6">
          <p>
            We founded {storeName} in Houston in 2010 with a simple conviction: jadeite, the stone treasured
            for centuries and handed from one generation to the next, deserves to be bought with complete
            confidence. What began as one family’s love for jade has grown into a small house that still works
            the way it did on the first day.
          </p>
          <p>
            Every piece passes through our Houston workshop before it reaches you. There we inspect each stone
            by hand and against the light, judging its color, its translucency and the fineness of its
            texture, and looking closely for the flaws no photograph can show. A stone that does not meet our
            standard never reaches the collection.
          </p>
          <p>
            Our jadeite comes from Myanmar, the source of the world’s finest jadeite, where it has been mined
            and carved for generations. Each piece is natural Type A jadeite, untreated, undyed and
            unpolymerized, and arrives with its official authentication card, so the stone you wear is exactly
            the stone we promised.
          </p>
        </div>
      </div>
      <dl className="mt-20 grid gap-10 border-t border-gold/50 pt-10 sm:grid-cols-3 sm:gap-8">
        <Fact label="Founded" value="2010" note="In Houston, Texas" />
        <Fact label="Sourced" value="Myanmar" note="Home of the world’s finest jadeite" />
        <Fact label="Certified" value="Type A" note="Natural and untreated, with an authentication card" />
      </dl>
    </section>
  )
}

function Fact({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs uppercase tracking-[0.3em] text-gold-deep">{label}</dt>
      <dd className="mt-3 font-display text-4xl text-ink tabular-nums">{value}</dd>
      <dd className="mt-1 text-sm text-ink-muted">{note}</dd>
    </div>
  )
}

function Values() {
  return (
    <section className="bg-sand/60 py-20 md:py-28" aria-labelledby="values-heading">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className={eyebrowClass}>What guides us</p>
          <h2 id="values-heading" className="mt-4 font-display text-4xl text-ink sm:text-5xl">
            Our Values
          </h2>
          <div className={`mx-auto mt-6 ${ruleClass}`} aria-hidden />
        </div>
        <ul className="mt-16 grid gap-14 md:grid-cols-3 md:gap-10 lg:gap-16">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex flex-col items-center text-center">
              <span className="flex size-16 items-center justify-center rounded-full border border-gold/70 text-jade-700">
                <Icon className="size-7" strokeWidth={1.25} aria-hidden />
              </span>
              <h3 className="mt-6 font-display text-2xl text-ink sm:text-3xl">{title}</h3>
              <p className="mt-4 max-w-sm leading-relaxed text-ink-muted">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

function Sustainability() {
  return (
    <section
      className="mx-auto max-w-7xl px-4 py-20 sm:px-6 md:py-28 lg:px-8"
      aria-labelledby="sustainability-heading"
    >
      <div className="grid gap-12 md:grid-cols-12">
        <div className="md:col-span-5">
          <p className={eyebrowClass}>Sustainability</p>
          <h2
            id="sustainability-heading"
            className="mt-4 font-display text-4xl leading-tight text-ink sm:text-5xl"
          >
            Made to last for generations
          </h2>
          <div className={`mt-6 ${ruleClass}`} aria-hidden />
          <p className="mt-8 max-w-md text-lg leading-relaxed text-ink-muted">
            Jade is among the toughest of gemstones. Cared for, it outlives all of us, which is why we think
            of each piece not as a purchase but as something held in trust for the next generation.
          </p>
        </div>
        <ul className="divide-y divide-ink/10 border-y border-ink/10 md:col-span-6 md:col-start-7">
          {SUSTAINABILITY.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-5 py-8">
              <Icon className="mt-1 size-6 shrink-0 text-jade-700" strokeWidth={1.5} aria-hidden />
              <div>
                <h3 className="font-display text-2xl text-ink">{title}</h3>
                <p className="mt-2 leading-relaxed text-ink-muted">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

function CallToAction() {
  return (
    <section className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8" aria-labelledby="cta-heading">
      <div className="border-y border-gold/60 px-2 py-16 text-center sm:py-20">
        <h2 id="cta-heading" className="font-display text-4xl text-ink sm:text-5xl">
          Find a piece to keep for a lifetime
        </h2>
        <p className="mx-auto mt-6 max-w-xl text-lg leading-relaxed text-ink-muted">
          Explore the collection, or write to us: we are always glad to send more photographs, share
          measurements or help you find your bangle size.
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/products">View Collection</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to="/contact">Contact Us</Link>
          </Button>
        </div>
      </div>
    </section>
  )
}
