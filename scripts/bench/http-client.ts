import http from 'node:http'

export interface Answer {
  status: number | 'error'
  body: string
  ms: number
}

/**
 * POSTs JSON with node:http (lighter than fetch, so the load generator takes less of the CPU it shares
 * with the server); resolves, never rejects, with the status and how long the answer took.
 * `localAddress` picks the client's source address on the loopback network.
 */
export function post(
  agent: http.Agent | false,
  url: string,
  payload: unknown,
  options: { headers?: Record<string, string>; localAddress?: string } = {},
): Promise<Answer> {
  const body = JSON.stringify(payload)
  const started = performance.now()
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        localAddress: options.localAddress,
        timeout: 60_000,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 'error',
            body: Buffer.concat(chunks).toString(),
            ms: performance.now() - started,
          }),
        )
        response.on('error', (error) =>
          resolve({ status: 'error', body: error.message, ms: performance.now() - started }),
        )
      },
    )
    request.on('timeout', () => request.destroy(new Error('timed out')))
    request.on('error', (error) =>
      resolve({ status: 'error', body: error.message, ms: performance.now() - started }),
    )
    request.end(body)
  })
}

/** Runs `task` over `items` with at most `inFlight` running at once, as a pool of that many clients. */
export async function bounded<T>(
  items: T[],
  inFlight: number,
  task: (item: T, index: number) => Promise<void>,
) {
  let next = 0
  const client = async () => {
    while (next < items.length) {
      const index = next++
      await task(items[index]!, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(inFlight, items.length) }, client))
}

/** The p-th percentile of sorted values (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
