import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import en from '../../locales/en/core-on-demand.json'
import es from '../../locales/es/core-on-demand.json'
import { fakeHttp, testI18n } from '../../tests/unit/kit'
import type { HttpClient } from '../http/client'
import { CAPTCHA_TOKEN_MESSAGE } from '../shared/captcha'
import { type AppContextValue, AppProvider } from '../state/context'
import {
  CaptchaCheck,
  forgetCaptchaConfig,
  SANDBOX_CAPTCHA_RESPONSE,
  tokenOfMessage,
  useFormCaptcha,
} from './Captcha'

// Issue 31 · captcha: with Turnstile on the server, the forms show its widget in our frame page
// (/captcha-frame), whose token comes by postMessage; with the sandbox, today's box.
const turnstile = () =>
  fakeHttp({ 'GET /api/web/captcha': () => ({ provider: 'turnstile', frame: '/captcha-frame' }) })
const sandbox = () => fakeHttp({ 'GET /api/web/captcha': () => ({ provider: 'sandbox' }) })

async function show(ui: React.ReactNode, http: HttpClient, lng: 'en' | 'es' = 'en') {
  const i18n = await testI18n(lng, { 'core-on-demand': [en, es] })
  const value = { store: {}, services: { http }, registry: {} } as unknown as AppContextValue
  return render(
    <I18nextProvider i18n={i18n}>
      <AppProvider value={value}>{ui}</AppProvider>
    </I18nextProvider>,
  )
}

/** The frame page's message, as its script posts it to the app. */
function post(frame: HTMLIFrameElement, data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: frame.contentWindow }))
  })
}

afterEach(() => forgetCaptchaConfig())

describe('tokenOfMessage', () => {
  const frame = {} as Window
  const own = 'https://rewards.example'
  const msg = (data: unknown, origin = own, source: unknown = frame) =>
    ({ data, origin, source }) as Pick<MessageEvent, 'origin' | 'source' | 'data'>

  it("takes the token of our frame's message on our origin", () => {
    expect(tokenOfMessage(msg({ type: CAPTCHA_TOKEN_MESSAGE, token: 'tok' }), frame, own)).toBe('tok')
  })
  it('says null for an expired or failed widget', () => {
    expect(tokenOfMessage(msg({ type: CAPTCHA_TOKEN_MESSAGE, token: null }), frame, own)).toBeNull()
  })
  it('ignores a message from another origin, another window, or of another kind', () => {
    const good = { type: CAPTCHA_TOKEN_MESSAGE, token: 'tok' }
    expect(tokenOfMessage(msg(good, 'https://evil.example'), frame, own)).toBeUndefined()
    expect(tokenOfMessage(msg(good, own, {} as Window), frame, own)).toBeUndefined()
    expect(tokenOfMessage(msg({ type: 'other', token: 'tok' }), frame, own)).toBeUndefined()
    expect(tokenOfMessage(msg(good), null, own)).toBeUndefined()
  })
})

describe('CaptchaCheck', () => {
  it("shows the provider's frame for the form's action and language, and passes its token on", async () => {
    const onPass = vi.fn()
    await show(<CaptchaCheck onPass={onPass} action="login" />, turnstile().http, 'es')
    const frame = (await screen.findByTestId('captcha-frame')) as HTMLIFrameElement
    expect(frame.getAttribute('src')).toBe('/captcha-frame?action=login&lang=es')
    expect(frame.title).toBe('Captcha: confirma que eres una persona')
    post(frame, { type: CAPTCHA_TOKEN_MESSAGE, token: 'tok-from-elsewhere' }, 'https://evil.example')
    expect(onPass).not.toHaveBeenCalled()
    post(frame, { type: CAPTCHA_TOKEN_MESSAGE, token: 'tok-1' })
    expect(onPass).toHaveBeenCalledWith('tok-1')
    expect(screen.getByRole('status').textContent).toBe('Gracias, confirmado.')
  })

  it("shows the sandbox's box without a provider, which answers the sandbox's response", async () => {
    const onPass = vi.fn()
    await show(<CaptchaCheck onPass={onPass} />, sandbox().http)
    fireEvent.click(await screen.findByLabelText("I'm not a robot"))
    expect(onPass).toHaveBeenCalledWith(SANDBOX_CAPTCHA_RESPONSE)
    expect(screen.queryByTestId('captcha-frame')).toBeNull()
  })
})

/** A form with the captcha of a sign-up; `take` is the hook's, as the form calls it on submit. */
let take: () => string | undefined = () => 'unset'
function Form() {
  const c = useFormCaptcha('register')
  take = c.take
  return <form>{c.field}</form>
}

describe('useFormCaptcha', () => {
  it('gives the widget token once, then a new widget for the next try', async () => {
    await show(<Form />, turnstile().http)
    const frame = (await screen.findByTestId('captcha-frame')) as HTMLIFrameElement
    expect(frame.getAttribute('src')).toBe('/captcha-frame?action=register&lang=en')
    expect(take()).toBeUndefined()
    post(frame, { type: CAPTCHA_TOKEN_MESSAGE, token: 'tok-2' })
    let first: string | undefined
    act(() => {
      first = take()
    })
    expect(first).toBe('tok-2')
    expect(take()).toBeUndefined()
    await waitFor(() => expect(screen.getByTestId('captcha-frame')).not.toBe(frame))
  })

  it('forgets a token the widget says expired', async () => {
    await show(<Form />, turnstile().http)
    const frame = (await screen.findByTestId('captcha-frame')) as HTMLIFrameElement
    post(frame, { type: CAPTCHA_TOKEN_MESSAGE, token: 'tok-3' })
    post(frame, { type: CAPTCHA_TOKEN_MESSAGE, token: null })
    expect(take()).toBeUndefined()
  })

  it("shows nothing with the sandbox and gives the sandbox's response", async () => {
    const { http, calls } = sandbox()
    await show(<Form />, http)
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual(['/api/web/captcha']))
    expect(screen.queryByTestId('captcha-frame')).toBeNull()
    expect(take()).toBe(SANDBOX_CAPTCHA_RESPONSE)
  })
})
