// autocannon ships no types; only what the bench uses is declared.
declare module 'autocannon' {
  export interface RequestParams {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }
  export interface Request extends RequestParams {
    /** Called before each request is sent; what it answers is sent instead. */
    setupRequest?: (request: RequestParams) => RequestParams
    onResponse?: (status: number, body: string) => void
  }
  export interface Options {
    url: string
    connections?: number
    duration?: number
    /** Stops after this many requests instead of after a duration. */
    amount?: number
    pipelining?: number
    timeout?: number
    headers?: Record<string, string>
    requests?: Request[]
  }
  export interface Histogram {
    average: number
    mean: number
    p50: number
    p90: number
    p99: number
    max: number
    total: number
  }
  export interface Result {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    duration: number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
