// Minimal types for autocannon (no @types package installed), as scripts/bench-api.ts uses it.
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string
      method?: string
      connections?: number
      duration?: number
      headers?: Record<string, string>
      body?: string
    }
    interface Result {
      requests: { average: number }
      latency: { p99: number }
      non2xx: number
      errors: number
    }
  }
  function autocannon(
    opts: autocannon.Options,
    cb: (err: Error | null, result: autocannon.Result) => void,
  ): unknown
  export default autocannon
}
