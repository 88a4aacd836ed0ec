// Minimal types for oidc-provider (it ships none), as server/oidc-test-provider.ts uses it: the tests'
// OpenID Provider (issue 31).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  interface Account {
    accountId: string
    claims(): Promise<Record<string, unknown>>
  }
  interface Configuration {
    clients?: Record<string, unknown>[]
    claims?: Record<string, string[]>
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined>
    cookies?: { keys?: string[] }
    features?: Record<string, { enabled?: boolean }>
    pkce?: { required?: () => boolean }
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration)
    callback(): (req: IncomingMessage, res: ServerResponse) => void
  }
}
