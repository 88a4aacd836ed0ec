import type { Plugin, PluginContext } from './types'

/**
 * The session view: what a plugin may read of the signed-in member (ARCHITECTURE "Boundaries"). The
 * core declares it, one plugin provides it (`provides.session` in definePlugin, the auth plugin), and
 * the others read it through `useSession()` or `services.session` instead of another plugin's store.
 * A provider's fields are MobX-observable: an observer component re-renders when they change.
 */
export interface SessionMember {
  id: number | string
  email: string
  name: string
  emailVerified: boolean
  /** The plus membership is active. */
  plus: boolean
  /** The shipping membership is active. */
  shipping: boolean
  /** Subscribed to any membership (the tracking payload's `subscriber`). */
  subscriber: boolean
  /** The coin balance when the brand has coins on, else null. */
  coins: number | null
  /** When the member signed up (ISO date), if known. */
  signedUpAt: string | null
  /** The web partner the member came through, if any. */
  partnerId: number | string | null
  /** The member's terms allow personal data in partner pixels (SPEC 9 `pii`). */
  allowsPii: boolean
}

export interface RegisterForm {
  name: string
  email: string
  password: string
  phone?: string
  /** The lander signed up on (its config/landers.json id): the server records the bonus it promises. */
  lander?: string
}

/**
 * What an action of the session gives: the value, or the server's field errors, their codes
 * (field -> code, for the texts) and the first message.
 */
export type SessionResult<T> =
  | { ok: true; value: T }
  | { ok: false; errors: Record<string, string[]>; codes?: Record<string, string>; message: string }

export interface Session {
  readonly authenticated: boolean
  /** The member while signed in, else null. */
  readonly member: SessionMember | null
  /** The login token the HTTP client sends while signed in, else null. */
  readonly token: string | null
  /** Signs a new member up and in (the lander's sign-up step). */
  register(form: RegisterForm): Promise<SessionResult<SessionMember>>
  /** Reads the member again from the server (after a subscription changed its plus or shipping flags). */
  resync(): Promise<void>
}

/** The session when no enabled plugin provides one: always signed out. */
export const signedOutSession: Session = Object.freeze({
  authenticated: false,
  member: null,
  token: null,
  register: () => Promise.reject(new Error('No enabled plugin provides the session (sign-up is off).')),
  resync: () => Promise.resolve(),
})

/**
 * The session of this app: the one plugin that provides it, else `signedOutSession`. Two providers
 * throw, like two plugins giving the same guard.
 */
export function provideSession(plugins: readonly Plugin[], ctx: PluginContext): Session {
  const providers = plugins.filter((p) => p.provides?.session)
  if (providers.length > 1)
    throw new Error(`The session is provided by both '${providers[0]!.name}' and '${providers[1]!.name}'.`)
  return providers[0]?.provides?.session?.(ctx) ?? signedOutSession
}
