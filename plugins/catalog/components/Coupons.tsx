import { Button, type DateTexts, formatShortDate, useStore, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router-dom'
import type { Coupon } from '../contract'
import { useStorePaths } from '../url'
import s from './catalog.module.css'
import { Logo } from './Logo'
import { useStoreVisit } from './visit'

// The popup's code arrives when a code is first asked for, not with the page.
const CouponCodePopup = lazy(() => import('./CouponCodePopup'))

/**
 * A coupon's expiry date as the page's language writes it ('Jan 5, 2027', '5 ene 2027'): the core's
 * short date, written from its texts rather than a first Intl date format in the take-over of home.
 */
export function expiryDate(d: Date, lng: string, t: DateTexts): string {
  // an unreadable date says 'Invalid Date' as toLocaleDateString does (a format's format() throws)
  if (Number.isNaN(d.getTime())) return String(d)
  return formatShortDate(d, lng, t)
}

function expiry(c: Coupon, lng: string, t: DateTexts) {
  if (!c.expires_at) return t('coupon.noExpiry')
  return t('coupon.expires', { date: expiryDate(new Date(c.expires_at), lng, t) })
}

/**
 * A coupon (UX.md): the code hidden until pressed. Pressing opens the coupon-code popup; its copy
 * button copies, says 'Copied', waits copyButtonDelayMs and opens the store. A coupon without a code
 * shows the 'Redirecting... No Code Required' popup. Once a member has revealed a merchant's code,
 * that merchant's codes show in place (showCodeForMerchantIds).
 */
export const CouponCard = observer(function CouponCard({
  coupon,
  redirectUrl,
  showStore = true,
}: {
  coupon: Coupon
  redirectUrl?: string
  showStore?: boolean
}) {
  const { t, i18n } = useTranslation('catalog')
  const catalog = useStore('catalog')
  const visit = useStoreVisit()
  const [open, setOpen] = useState(false)
  const paths = useStorePaths()
  const shown = coupon.code && catalog.showCodeForMerchantIds.includes(coupon.store.internal_name)
  const target = { merchant: coupon.store.internal_name, name: coupon.store.name, redirectUrl }
  return (
    <li className={s.coupon} data-testid="coupon">
      {showStore ? (
        <Link to={paths.store(coupon.store.internal_name)} className={s.couponStore}>
          <Logo src={coupon.store.logo_url} size={40} />
          <span>{coupon.store.name}</span>
        </Link>
      ) : null}
      <div className={s.couponText}>
        <p className={s.couponTitle}>
          {coupon.exclusive ? <span className={s.badge}>{t('coupon.exclusive')}</span> : null}
          {coupon.title}
        </p>
        <p className={s.muted}>{expiry(coupon, i18n.language, t)}</p>
      </div>
      {coupon.code ? (
        <Button
          variant="secondary"
          className={s.codeButton}
          onClick={() => setOpen(true)}
          aria-label={
            shown
              ? t('coupon.useCode', { code: coupon.code })
              : t('coupon.showCodeFor', { title: coupon.title })
          }
        >
          {shown ? <span className={s.code}>{coupon.code}</span> : t('coupon.showCode')}
        </Button>
      ) : (
        <Button
          variant="secondary"
          onClick={() => visit.start({ ...target, noCode: true })}
          aria-label={t('coupon.getDealFor', { title: coupon.title })}
        >
          {t('coupon.getDeal')}
        </Button>
      )}
      {open && coupon.code ? (
        <Suspense fallback={null}>
          <CouponCodePopup
            coupon={coupon}
            onClose={() => setOpen(false)}
            onCopied={() => catalog.revealCodes(coupon.store.internal_name)}
            onGo={() => {
              setOpen(false)
              visit.start(target)
            }}
          />
        </Suspense>
      ) : null}
      {visit.popup}
    </li>
  )
})
