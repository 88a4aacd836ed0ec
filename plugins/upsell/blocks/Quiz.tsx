import { Button, useTranslation } from '@core'
import { type FormEvent, useRef, useState } from 'react'
import s from '../components/upsell.module.css'
import e from './games.module.css'
import type { BlockProps } from './types'

const QUESTIONS = ['q1', 'q2', 'q3'] as const
const OPTIONS = ['a', 'b', 'c'] as const

/** The three-step quiz: one question at a time, an answer needed before Next. */
export default function Quiz({ onDone }: BlockProps) {
  const { t } = useTranslation('upsell')
  const [n, setN] = useState(0)
  const [answers, setAnswers] = useState<string[]>([])
  const [missing, setMissing] = useState(false)
  const legend = useRef<HTMLLegendElement>(null)
  const q = QUESTIONS[n]!
  const picked = answers[n]
  function next(ev: FormEvent) {
    ev.preventDefault()
    if (!picked) return setMissing(true)
    setMissing(false)
    if (n + 1 >= QUESTIONS.length) return onDone({ quiz: answers.join(',') })
    setN(n + 1)
    requestAnimationFrame(() => legend.current?.parentElement?.querySelector('input')?.focus())
  }
  return (
    <form className={s.form} onSubmit={next} noValidate data-testid="quiz">
      <p className={s.stepCount}>{t('quiz.progress', { n: n + 1, total: QUESTIONS.length })}</p>
      <fieldset className={e.quiz} aria-describedby={missing ? 'quiz-error' : undefined}>
        <legend ref={legend}>{t(`quiz.${q}.question`)}</legend>
        {OPTIONS.map((o) => (
          <label key={`${q}-${o}`} className={e.option}>
            <input
              type="radio"
              name={q}
              value={o}
              checked={picked === o}
              onChange={() => {
                setAnswers((a) => Object.assign([...a], { [n]: o }))
                setMissing(false)
              }}
            />
            {t(`quiz.${q}.${o}`)}
          </label>
        ))}
      </fieldset>
      {missing ? (
        <p id="quiz-error" className={s.error} role="alert">
          {t('quiz.pick')}
        </p>
      ) : null}
      <Button type="submit" size="large" block>
        {n + 1 >= QUESTIONS.length ? t('quiz.finish') : t('quiz.next')}
      </Button>
    </form>
  )
}
