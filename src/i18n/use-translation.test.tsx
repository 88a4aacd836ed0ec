import { act, render, screen } from '@testing-library/react'
import i18next, { type BackendModule, type i18n as I18n } from 'i18next'
import { Suspense } from 'react'
import { I18nextProvider, Trans } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useTranslation } from './use-translation'

const texts: Record<string, Record<string, Record<string, string>>> = {
  en: {
    core: { hello: 'Hello', count_one: '{{count}} coin', count_other: '{{count}} coins' },
    extra: { only: 'Only in extra' },
    late: { late: 'Loaded later' },
  },
  es: {
    core: { hello: 'Hola', count_one: '{{count}} moneda', count_other: '{{count}} monedas' },
    extra: { only: 'Solo en extra' },
    late: { late: 'Cargado después' },
  },
}

/** An instance whose 'late' namespace loads only when asked, after `release()`. */
async function makeI18n(lng = 'en') {
  let release: () => void = () => {}
  const gate = new Promise<void>((r) => {
    release = r
  })
  const backend: BackendModule = {
    type: 'backend',
    init() {},
    read(language, ns, cb) {
      const data = texts[language]?.[ns] ?? {}
      if (ns === 'late') gate.then(() => cb(null, data))
      else cb(null, data)
    },
  }
  const i18n = i18next.createInstance()
  await i18n.use(backend).init({
    lng,
    fallbackLng: 'en',
    ns: ['core', 'extra'],
    defaultNS: 'core',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  })
  return { i18n, release: () => release() }
}

const withI18n = (i18n: I18n, ui: React.ReactNode) => (
  <I18nextProvider i18n={i18n}>
    <Suspense fallback={<p>waiting</p>}>{ui}</Suspense>
  </I18nextProvider>
)

afterEach(() => vi.restoreAllMocks())

/** i18next's translator (not in its types): every text the instance gives passes through its translate. */
const translatorOf = (i18n: I18n) =>
  (i18n as unknown as { translator: { translate: (key: unknown, opts?: unknown) => unknown } }).translator

/** What the components below saw, per test. */
const seen: { ts: unknown[]; ready: boolean[]; t?: ReturnType<typeof useTranslation>['t'] } = {
  ts: [],
  ready: [],
}
beforeEach(() => {
  seen.ts = []
  seen.ready = []
  seen.t = undefined
})

function Texts() {
  const { t } = useTranslation('core')
  return (
    <p>
      {t('hello')}|{t('count', { count: 1 })}|{t('count', { count: 3 })}|{t('missing', 'Fallback text')}
    </p>
  )
}
function A() {
  const { t } = useTranslation('core')
  seen.ts.push(t)
  return <span>{t('hello')}</span>
}
function Hello({ tag = '' }: { tag?: string }) {
  const { t, i18n: inst } = useTranslation('core')
  seen.ts.push(t)
  return (
    <p>
      {tag}
      {t('hello')} ({inst.language})
    </p>
  )
}
function Both() {
  const fb = useTranslation(['core', 'extra'], { nsMode: 'fallback' }).t
  const first = useTranslation(['core', 'extra']).t
  return (
    <p>
      {fb('only')}|{first('only')}|{first('extra:only')}
    </p>
  )
}
function Late() {
  const { t } = useTranslation('late')
  return <p>{t('late')}</p>
}
function Lazy() {
  const { t, ready } = useTranslation('late', { useSuspense: false })
  seen.ready.push(ready)
  return <p>{ready ? t('late') : 'not yet'}</p>
}
function Bare() {
  const { t, ready } = useTranslation('core')
  return (
    <p>
      {t('some.key')}|{t('other', 'Default')}|{t('third', { defaultValue: 'Given' })}|{String(ready)}
    </p>
  )
}
function TransWithT() {
  const { t } = useTranslation('extra')
  return (
    <p>
      <Trans t={t} i18nKey="only" />
    </p>
  )
}
function Grab() {
  seen.t = useTranslation('core').t
  return null
}

describe('useTranslation (the core hook, issue 30)', () => {
  it('translates in the namespace asked for, with interpolation, plurals and a default value', async () => {
    const { i18n } = await makeI18n()
    render(withI18n(i18n, <Texts />))
    expect(screen.getByText('Hello|1 coin|3 coins|Fallback text')).toBeTruthy()
  })

  it('shares one t among every component of one language and namespace, made without getFixedT', async () => {
    const { i18n } = await makeI18n()
    const fixed = vi.spyOn(i18n, 'getFixedT')
    render(withI18n(i18n, [<A key="1" />, <A key="2" />, <A key="3" />]))
    expect(seen.ts).toHaveLength(3)
    expect(new Set(seen.ts).size).toBe(1)
    expect(fixed).not.toHaveBeenCalled()
  })

  it('renders again in the new language when the language changes, with a t of that language', async () => {
    const { i18n } = await makeI18n()
    render(withI18n(i18n, <Hello />))
    expect(screen.getByText('Hello (en)')).toBeTruthy()
    await act(() => i18n.changeLanguage('es'))
    expect(screen.getByText('Hola (es)')).toBeTruthy()
    expect(seen.ts.at(-1)).not.toBe(seen.ts[0])
  })

  it("nsMode 'fallback' looks in each namespace in turn; the default mode only in the first", async () => {
    const { i18n } = await makeI18n()
    render(withI18n(i18n, <Both />))
    expect(screen.getByText('Only in extra|only|Only in extra')).toBeTruthy()
  })

  it('suspends until a namespace not yet loaded arrives, then shows its text', async () => {
    const { i18n, release } = await makeI18n()
    render(withI18n(i18n, <Late />))
    expect(screen.getByText('waiting')).toBeTruthy()
    await act(async () => release())
    expect(await screen.findByText('Loaded later')).toBeTruthy()
  })

  it('with useSuspense false, answers ready false at once, loads the namespace and renders again ready', async () => {
    const { i18n, release } = await makeI18n('es')
    render(withI18n(i18n, <Lazy />))
    expect(screen.getByText('not yet')).toBeTruthy()
    await act(async () => release())
    expect(await screen.findByText('Cargado después')).toBeTruthy()
    expect(seen.ready[0]).toBe(false)
    expect(seen.ready.at(-1)).toBe(true)
  })

  it('reads the instance of its provider: two languages rendered side by side stay apart', async () => {
    const en = (await makeI18n('en')).i18n
    const es = (await makeI18n('es')).i18n
    render(
      <>
        {withI18n(en, <Hello tag="a:" />)}
        {withI18n(es, <Hello tag="b:" />)}
      </>,
    )
    expect(screen.getByText('a:Hello (en)')).toBeTruthy()
    expect(screen.getByText('b:Hola (es)')).toBeTruthy()
  })

  it('keeps a plain text found in the language asked for: i18next translates it once', async () => {
    const { i18n } = await makeI18n()
    const translate = vi.spyOn(translatorOf(i18n), 'translate')
    render(withI18n(i18n, <Grab />))
    expect([seen.t!('hello'), seen.t!('hello'), seen.t!('hello')]).toEqual(['Hello', 'Hello', 'Hello'])
    expect(translate.mock.calls.filter((c) => c[0] === 'hello')).toHaveLength(1)
    // a text with options is translated each time (its values differ)
    seen.t!('count', { count: 2 })
    seen.t!('count', { count: 2 })
    expect(translate.mock.calls.filter((c) => c[0] === 'count')).toHaveLength(2)
  })

  it('drops the kept texts when the texts change', async () => {
    const { i18n } = await makeI18n()
    render(withI18n(i18n, <Grab />))
    expect(seen.t!('hello')).toBe('Hello')
    i18n.addResourceBundle('en', 'core', { hello: 'Hello again' }, true, true)
    expect(seen.t!('hello')).toBe('Hello again')
  })

  it('never keeps a Spanish text that fell back to English, so each use is still seen (reported missing)', async () => {
    const { i18n } = await makeI18n('es')
    i18n.addResourceBundle('en', 'core', { onlyEnglish: 'Only English' }, true, true)
    const translate = vi.spyOn(translatorOf(i18n), 'translate')
    render(withI18n(i18n, <Grab />))
    expect([seen.t!('onlyEnglish'), seen.t!('onlyEnglish')]).toEqual(['Only English', 'Only English'])
    expect(translate.mock.calls.filter((c) => c[0] === 'onlyEnglish')).toHaveLength(2)
    expect([seen.t!('hello'), seen.t!('hello')]).toEqual(['Hola', 'Hola'])
    expect(translate.mock.calls.filter((c) => c[0] === 'hello')).toHaveLength(1)
  })

  it('without any instance answers as react-i18next does: the default value or the key, not ready', () => {
    render(<Bare />)
    expect(screen.getByText('some.key|Default|Given|false')).toBeTruthy()
  })

  it("<Trans t={t}> finds its text in t's namespace, not the default one", async () => {
    const { i18n } = await makeI18n()
    render(withI18n(i18n, <TransWithT />))
    expect(screen.getByText('Only in extra')).toBeTruthy()
  })
})
