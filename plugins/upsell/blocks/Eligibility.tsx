import { Button, useTranslation } from '@core'
import { useEffect, useState } from 'react'
import { prefersReducedMotion } from '../components/motion'
import s from '../components/upsell.module.css'
import e from './games.module.css'
import type { BlockProps } from './types'

const CHECKS = ['region', 'age', 'offer'] as const
const TICK_MS = 700

/** The eligibility-check animation: three checks tick one by one (all at once with reduced motion). */
export default function Eligibility({ onDone }: BlockProps) {
  const { t } = useTranslation('upsell')
  const [done, setDone] = useState(() => (prefersReducedMotion() ? CHECKS.length : 0))
  useEffect(() => {
    if (done >= CHECKS.length) return
    const id = setTimeout(() => setDone((n) => n + 1), TICK_MS)
    return () => clearTimeout(id)
  }, [done])
  const finished = done >= CHECKS.length
  return (
    <div className={s.form} data-testid="eligibility">
      <ul className={e.checks}>
        {CHECKS.map((c, i) => (
          <li key={c} className={i < done ? e.checked : i === done ? e.checking : e.waiting}>
            <span aria-hidden="true" className={e.mark}>
              {i < done ? '✓' : ''}
            </span>
            {t(`eligibility.${c}`)}
            <span className="visually-hidden">
              {i < done ? t('eligibility.passed') : t('eligibility.pending')}
            </span>
          </li>
        ))}
      </ul>
      <p role="status" aria-live="polite">
        {finished ? t('eligibility.result') : t('eligibility.checking')}
      </p>
      {finished ? (
        <Button size="large" block onClick={() => onDone({ eligible: true })}>
          {t('eligibility.continue')}
        </Button>
      ) : null}
    </div>
  )
}
