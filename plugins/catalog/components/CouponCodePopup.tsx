import { Button, constants, Dialog, useTranslation } from '@core'
import { useEffect, useRef, useState } from 'react'
import type { Coupon } from '../contract'
import s from './catalog.module.css'

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // Older browsers and refused permissions: the selection fallback.
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.append(area)
    area.select()
    const ok = document.execCommand('copy')
    area.remove()
    return ok
  }
}

/** The coupon-code popup (SPEC 2.9) with its copy button (SPEC 4: waits 1 second, then opens the link). */
export default function CouponCodePopup({
  coupon,
  onClose,
  onCopied,
  onGo,
}: {
  coupon: Coupon
  onClose: () => void
  onCopied: () => void
  onGo: () => void
}) {
  const { t } = useTranslation('catalog')
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no')
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])
  async function copy() {
    if (copied === 'yes') return
    const ok = await copyText(coupon.code ?? '')
    setCopied(ok ? 'yes' : 'failed')
    if (!ok) return
    onCopied()
    timer.current = window.setTimeout(onGo, constants.copyButtonDelayMs)
  }
  return (
    <Dialog
      title={t('coupon.popupTitle', { name: coupon.store.name })}
      onClose={onClose}
      closeLabel={t('close')}
      testId="coupon-popup"
    >
      <p className={s.popupLead}>{coupon.title}</p>
      <div className={s.codeBox}>
        <span className={s.codeBig} data-testid="coupon-code">
          {coupon.code}
        </span>
        <Button onClick={copy}>{copied === 'yes' ? t('coupon.copied') : t('coupon.copy')}</Button>
      </div>
      <p className={s.muted} aria-live="polite">
        {copied === 'yes'
          ? t('coupon.opening', { name: coupon.store.name })
          : copied === 'failed'
            ? t('coupon.copyFailed')
            : t('coupon.howTo')}
      </p>
    </Dialog>
  )
}
