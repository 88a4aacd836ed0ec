import type * as Flows from './flows'

type Flow = keyof typeof Flows

/**
 * Runs one of the sign-in, sign-up and account flows of ./flows, the only way into that chunk: it is
 * loaded on first use, so the start-up code every page (and the lander budget) carries stays small.
 * The flows take the auth store as their first argument and change it through its actions; the
 * store never loads them, so the dependency goes one way (flows -> model).
 *
 * @example const r = await runFlow('login', auth, { email, password, captcha })
 */
export async function runFlow<K extends Flow>(
  name: K,
  ...args: Parameters<(typeof Flows)[K]>
): Promise<Awaited<ReturnType<(typeof Flows)[K]>>> {
  const flows = await import('./flows')
  const flow = flows[name] as unknown as (
    ...a: Parameters<(typeof Flows)[K]>
  ) => ReturnType<(typeof Flows)[K]>
  return await flow(...args)
}
