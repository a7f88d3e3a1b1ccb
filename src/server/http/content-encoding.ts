/** The encodings the shop compresses with, in its order of preference on a tie. */
const OFFERED = ['br', 'gzip'] as const
export type Encoding = (typeof OFFERED)[number]

/**
 * The encoding to answer with, from Accept-Encoding's weights (RFC 9110 §12.5.3): the highest
 * `q` wins, brotli before gzip when equal, and `q=0` refuses one (`br;q=0` gets gzip, not
 * brotli). `*` weighs what is not named. Undefined: send the bytes as they are.
 */
export function pickEncoding(header: string | string[] | undefined): Encoding | undefined {
  const weights = new Map<string, number>()
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
    if (!name) continue
    const q = params.find((param) => param.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    weights.set(name, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0)
  }
  let best: Encoding | undefined
  let bestWeight = 0
  for (const encoding of OFFERED) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0
    if (weight > bestWeight) {
      best = encoding
      bestWeight = weight
    }
  }
  return best
}
