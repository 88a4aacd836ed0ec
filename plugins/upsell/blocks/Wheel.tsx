import { Button, useTranslation } from '@core'
import { type CSSProperties, useState } from 'react'
import { prefersReducedMotion } from '../components/motion'
import s from '../components/upsell.module.css'
import { offerValues } from '../lander'
import e from './games.module.css'
import type { BlockProps } from './types'

const SEGMENTS = 8
const PRIZE = 0 // the segment that holds the lander's cash-back offer
const COLOURS = ['#0a7d4f', '#f5b400', '#1d6fb8', '#f5b400', '#0a7d4f', '#f5b400', '#1d6fb8', '#f5b400']
const SPIN_MS = 3200

function slice(i: number): string {
  const a0 = ((i * 360) / SEGMENTS - 90) * (Math.PI / 180)
  const a1 = (((i + 1) * 360) / SEGMENTS - 90) * (Math.PI / 180)
  return `M100 100 L${100 + 95 * Math.cos(a0)} ${100 + 95 * Math.sin(a0)} A95 95 0 0 1 ${100 + 95 * Math.cos(a1)} ${100 + 95 * Math.sin(a1)} Z`
}

/**
 * The spin-the-wheel cash-back game. Honest by design: the page says every spin wins the offer's
 * cash back (cashbackOverride, else firstOrderCashback), and the wheel always stops there.
 */
export default function Wheel({ lander, onDone }: BlockProps) {
  const { t, i18n } = useTranslation('upsell')
  const v = offerValues(lander.offer, i18n.language)
  const [state, setState] = useState<'idle' | 'spinning' | 'won'>('idle')
  const reduce = prefersReducedMotion()
  // five turns, then the prize segment's centre under the pointer at the top
  const angle = state === 'idle' ? 0 : 5 * 360 - (PRIZE + 0.5) * (360 / SEGMENTS)
  const spin = () => {
    if (state !== 'idle') return
    if (reduce) return setState('won')
    setState('spinning')
    setTimeout(() => setState('won'), SPIN_MS)
  }
  return (
    <div className={s.form} data-testid="wheel">
      <p>{t('wheel.body', v)}</p>
      <div className={e.wheelBox}>
        <span className={e.pointer} aria-hidden="true" />
        <svg
          viewBox="0 0 200 200"
          className={state === 'idle' ? e.wheel : `${e.wheel} ${reduce ? e.spun : e.spinning}`}
          // the angle and the spin's length come from the prize and the timer above: custom properties
          style={{ '--angle': `${angle}deg`, '--spin-ms': `${SPIN_MS}ms` } as CSSProperties}
          role="img"
          aria-label={t('wheel.label')}
        >
          {Array.from({ length: SEGMENTS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed segments
            <path key={i} d={slice(i)} fill={COLOURS[i]} stroke="#fff" strokeWidth="2" />
          ))}
          <text
            x="100"
            y="32"
            textAnchor="middle"
            fontSize="14"
            fontWeight="700"
            fill="#fff"
            transform={`rotate(${(PRIZE + 0.5) * (360 / SEGMENTS)} 100 100)`}
          >
            {String(v.cashback)}
          </text>
          <circle cx="100" cy="100" r="14" fill="#fff" stroke="#1d2420" strokeWidth="2" />
        </svg>
      </div>
      <p role="status" aria-live="polite">
        {state === 'won' ? t('wheel.won', v) : state === 'spinning' ? t('wheel.spinning') : ''}
      </p>
      {state === 'won' ? (
        <Button
          size="large"
          block
          onClick={() => onDone({ prize: lander.offer.cashbackOverride ?? lander.offer.firstOrderCashback })}
        >
          {t('wheel.claim', v)}
        </Button>
      ) : (
        <Button size="large" block onClick={spin} disabled={state === 'spinning'}>
          {t('wheel.spin')}
        </Button>
      )}
    </div>
  )
}
