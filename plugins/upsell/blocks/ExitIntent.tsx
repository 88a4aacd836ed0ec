import { Button, useServices, useTranslation } from '@core'
import { useEffect, useRef, useState } from 'react'
import s from '../components/upsell.module.css'
import { offerValues } from '../lander'
import e from './games.module.css'
import type { BlockProps } from './types'

const seenKey = (id: string) => `upsell_exit:${id}`

/**
 * The exit-intent overlay: when the pointer leaves the top of the window (heading for the tabs or
 * the address bar), once per lander and tab, a dialog reminds the visitor of the offer. A real
 * dialog: focus moves in and stays, Escape closes, focus returns to where it was.
 */
export default function ExitIntent({ lander }: BlockProps) {
  const { t, i18n } = useTranslation('upsell')
  const { track } = useServices()
  const [open, setOpen] = useState(false)
  const dialog = useRef<HTMLDivElement>(null)
  const back = useRef<Element | null>(null)

  useEffect(() => {
    const onOut = (ev: MouseEvent) => {
      if (ev.relatedTarget || ev.clientY > 0) return
      try {
        if (sessionStorage.getItem(seenKey(lander.id))) return
        sessionStorage.setItem(seenKey(lander.id), '1')
      } catch {
        // without storage it may show again on the next visit, no harm
      }
      back.current = document.activeElement
      setOpen(true)
      track('lander_exit_intent', { lander: lander.id })
    }
    document.addEventListener('mouseout', onOut)
    return () => document.removeEventListener('mouseout', onOut)
  }, [lander.id, track])

  useEffect(() => {
    if (!open) return
    dialog.current?.querySelector<HTMLElement>('button')?.focus()
  }, [open])

  const close = () => {
    setOpen(false)
    if (back.current instanceof HTMLElement) back.current.focus()
  }
  if (!open) return null
  const v = offerValues(lander.offer, i18n.language)
  return (
    <div className={e.backdrop}>
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="exit-title"
        aria-describedby="exit-body"
        className={e.dialog}
        data-testid="exit-intent"
        onKeyDown={(ev) => {
          if (ev.key === 'Escape') return close()
          if (ev.key !== 'Tab') return
          const f = [...(dialog.current?.querySelectorAll<HTMLElement>('button') ?? [])]
          const i = f.indexOf(document.activeElement as HTMLElement)
          if (ev.shiftKey && i <= 0) {
            ev.preventDefault()
            f[f.length - 1]?.focus()
          } else if (!ev.shiftKey && i === f.length - 1) {
            ev.preventDefault()
            f[0]?.focus()
          }
        }}
      >
        <h2 id="exit-title">{t('exit.title')}</h2>
        <p id="exit-body">{t(lander.offer.planAmount !== undefined ? 'exit.bodyTrial' : 'exit.body', v)}</p>
        <div className={s.actions}>
          <Button size="large" block onClick={close}>
            {t('exit.stay')}
          </Button>
          <Button variant="link" onClick={close}>
            {t('exit.close')}
          </Button>
        </div>
      </div>
    </div>
  )
}
