import { benefitImages, constants, formatCents, Page, RouteLink, useServices, useSession } from '@core'
import { observer } from 'mobx-react-lite'
import { useCallback } from 'react'
import { useAccountPages } from '../texts'
import { getRebates } from './api'
import { Loaded, useLoad } from './Loaded'
import s from './styles'

/** The benefit images of config/benefits.json (through the core, which picks the theme as the catalog's does). */
const images = benefitImages()

export type BenefitKind = 'sf' | 'rx' | 'fd'

/** What each benefit page shows: its images (config), its rebate type on the server and its monthly cap (SPEC 9). */
const KINDS: Record<
  BenefitKind,
  { image?: string; rebate?: string; capDollars?: number; needs: 'plus' | 'shipping' }
> = {
  sf: {
    image: 'shipping',
    rebate: 'shipping',
    capDollars: constants.shippingRebateMaxPerMonth,
    needs: 'shipping',
  },
  rx: { needs: 'plus' },
  fd: { image: 'fooddelivery', rebate: 'fooddelivery', needs: 'plus' },
}

interface Claimed {
  monthCents: number
  count: number
}

/**
 * /account/sfbenefits, /account/rxbenefits and /account/fdrd: what the benefit gives, whether the
 * member has it (the session's plus and shipping flags), and what was claimed this month (the server's
 * rebates of that type) against the cap where SPEC 9 sets one.
 */
export const Benefits = observer(function Benefits({ kind }: { kind: BenefitKind }) {
  const { t, i18n } = useAccountPages()
  const { http } = useServices()
  const member = useSession().member
  const k = KINDS[kind]
  const load = useCallback(async (): Promise<Claimed | null> => {
    if (!k.rebate) return null
    const rebates = await getRebates(http, k.rebate)
    const now = new Date()
    const month = rebates.filter((x) => {
      const d = new Date(x.created_at)
      return (
        d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && x.status !== 'declined'
      )
    })
    return { monthCents: month.reduce((a, x) => a + x.amount_cents, 0), count: month.length }
  }, [http, k.rebate])
  const { state, reload } = useLoad(load)
  const has = member ? (k.needs === 'plus' ? member.plus : member.shipping || member.plus) : false
  const lng = i18n.language
  const pics = (k.image ? (images[k.image] ?? []) : []).slice(0, constants.benefitImagesMaxPerCategory)
  return (
    <Page title={t(`member.benefits.${kind}.title`)} className={s.page} testId={`benefits-${kind}`}>
      <p>{t(`member.benefits.${kind}.intro`)}</p>
      {pics.length ? (
        <div className={s.images}>
          {pics.map((p) => (
            <img key={p} src={`/benefits/${p}`} alt="" width={120} height={90} />
          ))}
        </div>
      ) : null}
      <section className={s.card} aria-labelledby="benefit-status">
        <h2 id="benefit-status">{t('member.benefits.yours')}</h2>
        <p data-testid="benefit-status">
          {has ? t(`member.benefits.${kind}.active`) : t(`member.benefits.${kind}.inactive`)}
        </p>
        {has ? null : k.needs === 'plus' ? (
          <RouteLink route="account-subscription">{t('member.benefits.seeMembership')}</RouteLink>
        ) : (
          <RouteLink route="account-shipsubscription">{t('member.benefits.seeMembership')}</RouteLink>
        )}
      </section>
      <section className={s.card} aria-labelledby="benefit-how">
        <h2 id="benefit-how">{t('member.benefits.how')}</h2>
        <ol>
          {(t(`member.benefits.${kind}.steps`, { returnObjects: true }) as string[]).map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ol>
      </section>
      {k.rebate ? (
        <section className={s.card} aria-labelledby="benefit-claimed">
          <h2 id="benefit-claimed">{t('member.benefits.claimed')}</h2>
          <Loaded state={state} retry={reload}>
            {(c) =>
              c ? (
                <>
                  <p data-testid="benefit-claimed">
                    {k.capDollars
                      ? t('member.benefits.claimedCap', {
                          count: c.count,
                          amount: formatCents(c.monthCents, lng),
                          cap: formatCents(k.capDollars * 100, lng),
                        })
                      : t('member.benefits.claimedText', {
                          count: c.count,
                          amount: formatCents(c.monthCents, lng),
                        })}
                  </p>
                  <RouteLink route="account-rebates-benefit-type" params={{ benefit_type: k.rebate }}>
                    {t('member.benefits.history')}
                  </RouteLink>
                </>
              ) : null
            }
          </Loaded>
        </section>
      ) : null}
    </Page>
  )
})
