import { Button, Fields, FormAlert, Page, RouteLink, useForm, useServices, useSession, useStore } from '@core'
import { observer } from 'mobx-react-lite'
import { useCallback, useState } from 'react'
import { type Address, getProfile, type Profile, updateProfile } from '../member/api'
import { SelectField } from '../member/fields'
import { Loaded, useLoad } from '../member/Loaded'
import s from '../member/styles'
import { formErrors, missingFields } from '../member/text'
import { useAccountPages } from '../texts'

const COUNTRIES = ['US', 'CA', 'GB', 'AU', 'NZ'] as const

/** Name and phone: the server's contract checks them; its field errors show under the fields. */
function DetailsForm({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const { t } = useAccountPages()
  const { http } = useServices()
  const session = useSession()
  const [saved, setSaved] = useState(false)
  const f = useForm({ name: profile.name, phone: profile.phone ?? '' }, { clearErrorOnChange: true })
  const submit = f.onSubmit(
    async (v) => {
      setSaved(false)
      try {
        const p = await updateProfile(http, { name: v.name, phone: v.phone.trim() ? v.phone.trim() : null })
        onSaved(p)
        setSaved(true)
        void session.resync()
      } catch (e) {
        const x = formErrors(t, e, ['name', 'phone'])
        f.show(x.fields, x.form)
      }
    },
    (v) => missingFields(t, ['name'], v),
  )
  return (
    <form ref={f.ref} onSubmit={submit} noValidate className={s.card} aria-labelledby="profile-details">
      <h2 id="profile-details">{t('member.profile.details')}</h2>
      <Fields
        form={f}
        fields={[
          { id: 'name', label: t('member.profile.name'), autoComplete: 'name', maxLength: 100 },
          {
            id: 'phone',
            label: t('member.profile.phone'),
            hint: t('member.profile.phoneHint'),
            type: 'tel',
            autoComplete: 'tel',
          },
        ]}
      />
      <FormAlert text={f.alert} />
      <div role="status" aria-live="polite">
        {saved ? t('member.profile.saved') : ''}
      </div>
      <Button type="submit" disabled={f.busy} aria-busy={f.busy}>
        {t('member.profile.save')}
      </Button>
    </form>
  )
}

const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'region', 'postal_code', 'country'] as const

/** The rebate address (where rebate checks and cards go); saving it sets SPEC 3's rebate_address_updated. */
const AddressForm = observer(function AddressForm({
  address,
  onSaved,
}: {
  address: Address | null
  onSaved: (p: Profile) => void
}) {
  const { t } = useAccountPages()
  const { http } = useServices()
  const account = useStore('account')
  const f = useForm(
    {
      line1: address?.line1 ?? '',
      line2: address?.line2 ?? '',
      city: address?.city ?? '',
      region: address?.region ?? '',
      postal_code: address?.postal_code ?? '',
      country: address?.country ?? 'US',
    },
    { clearErrorOnChange: true },
  )
  const required = ['line1', 'city', 'region', 'postal_code'] as const
  const submit = f.onSubmit(
    async (v) => {
      account.setRebateAddressUpdated(false)
      try {
        const p = await updateProfile(http, {
          rebate_address: {
            line1: v.line1.trim(),
            ...(v.line2.trim() ? { line2: v.line2.trim() } : {}),
            city: v.city.trim(),
            region: v.region.trim(),
            postal_code: v.postal_code.trim(),
            country: v.country,
          },
        })
        account.setRebateAddressUpdated(true)
        onSaved(p)
      } catch (e) {
        const x = formErrors(t, e, ADDRESS_FIELDS, 'rebate_address.')
        f.show(x.fields, x.form)
      }
    },
    (v) => missingFields(t, required, v),
  )
  const select = f.text('country')
  return (
    <form ref={f.ref} onSubmit={submit} noValidate className={s.card} aria-labelledby="rebate-address">
      <h2 id="rebate-address">{t('member.profile.address')}</h2>
      <p className={s.muted}>{t('member.profile.addressWhy')}</p>
      <div className={s.grid}>
        <Fields
          form={f}
          fields={[
            { id: 'line1', label: t('member.profile.line1'), autoComplete: 'address-line1' },
            { id: 'line2', label: t('member.profile.line2'), autoComplete: 'address-line2' },
            { id: 'city', label: t('member.profile.city'), autoComplete: 'address-level2' },
            { id: 'region', label: t('member.profile.region'), autoComplete: 'address-level1' },
            { id: 'postal_code', label: t('member.profile.postalCode'), autoComplete: 'postal-code' },
          ]}
        />
        <div>
          <SelectField
            id="country"
            label={t('member.profile.country')}
            autoComplete="country"
            value={select.value}
            onChange={(e) => f.set('country', e.target.value)}
          >
            {COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {t(`member.countries.${c}`)}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <FormAlert text={f.alert} />
      <div role="status" aria-live="polite" data-testid="address-status">
        {account.rebate_address_updated ? t('member.profile.addressSaved') : ''}
      </div>
      <Button type="submit" disabled={f.busy} aria-busy={f.busy}>
        {t('member.profile.saveAddress')}
      </Button>
    </form>
  )
})

/** /account/profile: name, phone, the e-mail and whether it is verified, the rebate address. */
function ProfilePage() {
  const { t } = useAccountPages()
  const { http } = useServices()
  const load = useCallback(() => getProfile(http), [http])
  const { state, reload, setData } = useLoad(load)
  const saved = (p: Profile) => setData(() => p)
  return (
    <Page title={t('member.profile.title')} className={s.page} testId="profile-page">
      <Loaded state={state} retry={reload}>
        {(p) => (
          <>
            <section className={s.card} aria-labelledby="profile-email">
              <h2 id="profile-email">{t('member.profile.email')}</h2>
              <p>
                {p.email}{' '}
                <span className={s.status} data-testid="verified-state">
                  {p.is_verified ? t('member.profile.verified') : t('member.profile.unverified')}
                </span>
              </p>
              {p.is_verified ? null : (
                <RouteLink route="account-profile-verify">{t('member.profile.verifyLink')}</RouteLink>
              )}
            </section>
            <DetailsForm profile={p} onSaved={saved} />
            <AddressForm address={p.rebate_address} onSaved={saved} />
          </>
        )}
      </Loaded>
    </Page>
  )
}

export default observer(ProfilePage)
