import {
  fillPattern,
  NotFound,
  pathTo,
  type ScreenProps,
  Spinner,
  useDocumentTitle,
  useServices,
  useSession,
  useTranslation,
} from '@core'
import { observer } from 'mobx-react-lite'
import { type ComponentType, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { blockLoaders } from '../blocks'
import type { BlockProps, Outcome } from '../blocks/types'
import { LanderHero, landerTitle } from '../components/LanderHero'
import s from '../components/upsell.module.css'
import { crossDomainEntry } from '../crossdomain'
import { companionSteps, flowSteps, offerValues, progressStore, resolveStep, type StepBlock } from '../lander'

const lazyBlocks = Object.fromEntries(
  Object.entries(blockLoaders).map(([k, load]) => [k, lazy(load)]),
) as unknown as Record<StepBlock, ComponentType<BlockProps>>

/** Where a lander ends when its entry names no page for an outcome, by route name. */
const DEFAULT_ENDS: Record<Outcome, { route: string }> = {
  accepted: { route: 'splthanq' },
  declined: { route: 'splnothanq' },
  failure: { route: 'payment-error' },
}

/**
 * Every lander of config/landers.json: its offer, then its steps one at a time (each block its own
 * chunk), with the companion blocks (offer terms, exit intent) beside them. On a path with :step the
 * step is in the URL, and a visitor who jumps ahead is sent back to the first unfinished step.
 */
function LanderPage({ params, lander: landerId }: ScreenProps & { lander?: string }) {
  const { config, track } = useServices()
  const { t, i18n } = useTranslation('upsell')
  const session = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const lander = config.landers?.landers.find((l) => l.id === landerId)
  const steps = useMemo(() => (lander ? flowSteps(lander) : []), [lander])
  const companions = useMemo(() => (lander ? companionSteps(lander) : []), [lander])
  const [completed, setCompleted] = useState(() => (lander ? progressStore.get(lander.id) : 0))
  const signedIn = Boolean(session.authenticated)
  const stepPath = lander?.paths.find((p) => p.includes(':step'))
  const requested = params.step === undefined ? undefined : Number(params.step) - 1
  const { index, redirect } = resolveStep(requested, steps, completed, signedIn)
  const step = steps[index]
  const search = new URLSearchParams(location.search)
  const tpsha1 = search.get('tpsha1') ?? undefined
  const values = lander ? offerValues(lander.offer, i18n.language) : {}
  useDocumentTitle(lander ? landerTitle(lander, t, values) : t('title'))
  // An upsell page's cross-domain variant (?xd=1&token=…) signs in through the auth plugin's token route first.
  const crossDomain = steps.some((x) => x.block === 'upsell')
    ? crossDomainEntry(config, location.pathname, location.search)
    : null
  useEffect(() => {
    if (!crossDomain) return
    // the code leaves the address bar (and this history entry) before the next request (issue 25)
    window.history.replaceState(window.history.state, '', window.location.pathname)
    window.location.replace(crossDomain)
  }, [crossDomain])

  const viewed = useRef(false)
  useEffect(() => {
    if (!lander || viewed.current || crossDomain) return
    viewed.current = true
    track('lander_view', { lander: lander.id, path: location.pathname, step: index + 1 })
  }, [lander, track, location.pathname, index, crossDomain])

  // Move focus to the new step's heading, so keyboard and screen-reader users start there.
  const heading = useRef<HTMLHeadingElement>(null)
  const first = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: on every step change
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    heading.current?.focus()
  }, [index])

  const finish = useCallback(
    (outcome: Outcome, query: Record<string, string> = {}) => {
      const to = lander?.endsOn[outcome] ?? pathTo(config, DEFAULT_ENDS[outcome].route) ?? '/'
      const q = new URLSearchParams({ ...(tpsha1 ? { tpsha1 } : {}), ...query })
      const qs = q.toString()
      navigate(qs ? `${to}?${qs}` : to)
    },
    [lander, navigate, tpsha1, config],
  )

  const onDone = useCallback(
    (data?: Record<string, unknown>) => {
      if (!lander || !step) return
      track('lander_step_completed', { lander: lander.id, step: index + 1, block: step.block, ...data })
      setCompleted(progressStore.complete(lander.id, index))
      if (index + 1 >= steps.length) return finish('accepted')
      if (stepPath && params.step !== undefined) {
        navigate(fillPattern(stepPath, { ...params, step: String(index + 2) }) + location.search)
      }
    },
    [lander, step, index, steps.length, stepPath, params, navigate, location.search, finish, track],
  )

  if (!lander) return <NotFound />
  if (crossDomain) return <Spinner />
  if (redirect && stepPath) {
    return (
      <Navigate
        replace
        to={fillPattern(stepPath, { ...params, step: String(index + 1) }) + location.search}
      />
    )
  }

  const Block = step ? lazyBlocks[step.block] : null
  const next = steps[index + 1]
  // Fetch the next block once the visitor starts on this one, not before (the first screen stays small).
  const warm = next ? () => void blockLoaders[next.block]() : undefined
  const terms = companions.filter((c) => c.block === 'offer-terms')
  const overlays = companions.filter((c) => c.block !== 'offer-terms')
  const blockProps = { lander, index, onDone, finish, tpsha1 }

  return (
    <div className={s.lander} data-testid="lander" data-lander={lander.id} data-step={index + 1}>
      <LanderHero lander={lander} t={t} values={values} />
      <div className={s.layout}>
        <section className={s.card} aria-labelledby="lander-step-title" onPointerDown={warm} onFocus={warm}>
          {steps.length > 1 ? (
            <p className={s.stepCount}>{t('stepOf', { n: index + 1, total: steps.length })}</p>
          ) : null}
          {step ? (
            <>
              <h2 id="lander-step-title" className={s.stepTitle} ref={heading} tabIndex={-1}>
                {t(`steps.${step.block}.title`, values)}
              </h2>
              <Suspense fallback={<Spinner />}>
                {Block ? <Block key={`${step.block}-${index}`} step={step} {...blockProps} /> : null}
              </Suspense>
            </>
          ) : null}
        </section>
        {terms.length ? (
          <aside aria-label={t('steps.offer-terms.title')}>
            <Suspense fallback={null}>
              {terms.map((c) => {
                const Terms = lazyBlocks[c.block]
                return <Terms key={c.block} step={c} {...blockProps} />
              })}
            </Suspense>
          </aside>
        ) : null}
      </div>
      <Suspense fallback={null}>
        {overlays.map((c) => {
          const Overlay = lazyBlocks[c.block]
          return <Overlay key={c.block} step={c} {...blockProps} />
        })}
      </Suspense>
    </div>
  )
}

export default observer(LanderPage)
