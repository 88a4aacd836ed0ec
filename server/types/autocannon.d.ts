// Minimal types for autocannon (no @types package installed), as scripts/bench-api.ts uses it.
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string
      path?: string
      headers?: Record<string, string>
      body?: string
    }
    interface Options {
      url: string
      method?: string
      connections?: number
      /** Requests per second over all connections (no cap when absent). */
      overallRate?: number
      duration?: number
      headers?: Record<string, string>
      body?: string
      /** Each connection goes through these in turn; setupRequest may rewrite each one. */
      requests?: (Request & { setupRequest?: (req: Request, context: object) => Request })[]
    }
    interface Histogram {
      average: number
      p50: number
      p99: number
      max: number
      total: number
    }
    interface Result {
      requests: Histogram
      latency: Histogram
      non2xx: number
      /** Socket errors, timeouts among them. */
      errors: number
      timeouts: number
      statusCodeStats?: Record<string, { count: number }>
    }
  }
  function autocannon(
    opts: autocannon.Options,
    cb: (err: Error | null, result: autocannon.Result) => void,
  ): unknown
  export default autocannon
}
