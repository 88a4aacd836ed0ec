import { act, fireEvent, render, screen } from '@testing-library/react'
import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { HttpError } from '../http/client'
import { PayoutForm, type PayoutFormTexts, type PayoutRequest, payoutFormTexts } from './PayoutForm'

const texts: PayoutFormTexts = {
  title: 'Pay out',
  amount: 'Amount',
  amountHint: (a) => `Minimum 10${a ? ` · you typed ${a}` : ''}`,
  amountInvalid: 'Not an amount',
  belowMinimum: 'Too little',
  overBalance: 'Too much',
  method: 'Method',
  methodName: (m) => `Method ${m}`,
  destination: (m) => `Destination for ${m}`,
  destinationHint: 'Held for new details',
  destinationMissing: (m) => `Missing ${m} destination`,
  password: 'Password',
  passwordMissing: 'Missing password',
  reveal: { show: 'Show', hide: 'Hide' },
  submit: 'Send',
  sending: 'Sending',
  network: 'Network down',
  code: (code, fallback) => (code === 'wrong_password' ? 'Wrong password' : code ? `code ${code}` : fallback),
}

type Call = { values: PayoutRequest; key: string }

function setup(reply: (call: Call) => Promise<void>) {
  const calls: Call[] = []
  render(
    <PayoutForm
      titleId="t"
      methods={['paypal', 'bank']}
      texts={texts}
      amount={{
        mode: 'decimal',
        parse: (a) => (/^\d+$/.test(a) ? Number(a) : null),
        minimum: 10,
        payable: 50,
      }}
      codeFields={{ wrong_password: 'password' }}
      onSubmit={(values, key) => {
        const call = { values, key }
        calls.push(call)
        return reply(call)
      }}
    />,
  )
  return calls
}
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } })
const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? null
const send = () => act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Pay out' })))
function fill() {
  type('Amount', '12')
  fireEvent.click(screen.getByLabelText('Method bank'))
  type('Destination for bank', ' 123-456 ')
  type('Password', 'secret')
}
const status = (s: number, data: unknown, errors?: Record<string, string[]>) =>
  new HttpError('refused', 'status', s, errors, data)

describe('PayoutForm', () => {
  it('shows the caller’s amount check and the missing fields beside them, sending nothing', async () => {
    const calls = setup(async () => {})
    type('Amount', '3')
    await send()
    expect(errorOf('amount')).toBe('Too little')
    expect(errorOf('destination')).toBe('Missing paypal destination')
    expect(errorOf('password')).toBe('Missing password')
    expect(calls).toHaveLength(0)
    expect(screen.getByText('Minimum 10 · you typed 3')).toBeTruthy()
  })

  it('sends the values with a key (also in the request as idempotency_key), then renews the key and clears amount and password', async () => {
    const calls = setup(async () => {})
    fill()
    await send()
    expect(calls[0]!.values).toEqual({
      amount: 12,
      method: 'bank',
      destination: '123-456',
      password: 'secret',
      idempotency_key: calls[0]!.key,
    })
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('')
    expect((screen.getByLabelText('Password', { exact: true }) as HTMLInputElement).value).toBe('')
    fill()
    await send()
    expect(calls[1]!.key).not.toBe(calls[0]!.key)
  })

  it('keeps the key after a network failure (the request may have been booked) and shows the alert', async () => {
    const calls = setup(async () => {
      throw new HttpError('offline', 'network')
    })
    fill()
    await send()
    expect(screen.getByRole('alert').textContent).toBe('Network down')
    await send()
    expect(calls).toHaveLength(2)
    expect(calls[1]!.key).toBe(calls[0]!.key)
  })

  it('puts a refusal’s code beside its field by the caller’s table and renews the key', async () => {
    const calls = setup(async () => {
      throw status(422, { code: 'wrong_password' }, { password: ['bad password'] })
    })
    fill()
    await send()
    expect(errorOf('password')).toBe('Wrong password')
    expect(document.activeElement).toBe(screen.getByLabelText('Password', { exact: true }))
    type('Password', 'again')
    await send()
    expect(calls[1]!.key).not.toBe(calls[0]!.key)
  })

  it('shows a code with no field of its own in the alert', async () => {
    setup(async () => {
      throw status(409, { code: 'idempotency_conflict' })
    })
    fill()
    await send()
    expect(screen.getByRole('alert').textContent).toBe('code idempotency_conflict')
    expect(errorOf('amount')).toBeNull()
  })

  it('turns the submit button off while the payable balance is under the minimum', () => {
    render(
      <PayoutForm
        titleId="t"
        methods={['paypal']}
        texts={texts}
        amount={{ mode: 'numeric', parse: Number, minimum: 10, payable: 9 }}
        codeFields={{}}
        onSubmit={async () => {}}
      />,
    )
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByLabelText('Amount').getAttribute('inputmode')).toBe('numeric')
  })

  it('checks the amount against the minimum and the payable balance', async () => {
    const calls = setup(async () => {})
    fill()
    type('Amount', 'ten')
    await send()
    expect(errorOf('amount')).toBe('Not an amount')
    type('Amount', '51')
    await send()
    expect(errorOf('amount')).toBe('Too much')
    expect(calls).toHaveLength(0)
  })

  it('payoutFormTexts reads the withdraw keys of the namespace it is given, codes included', () => {
    const t = ((key: string, o?: { defaultValue?: string }) =>
      `[${key}]${o?.defaultValue ?? ''}`) as unknown as TFunction
    const x = payoutFormTexts(t, { amountHint: () => 'hint', destinationHint: 'held' })
    expect(x.title).toBe('[withdraw.formTitle]')
    expect(x.destination('bank')).toBe('[withdraw.destination.bank]')
    expect(x.methodName('paypal')).toBe('[method.paypal]')
    expect(x.code('wrong_password', 'fallback')).toBe('[withdraw.error.wrong_password]')
    expect(x.code('something_else', 'fallback')).toBe('fallback')
    expect(x.destinationHint).toBe('held')
  })
})

describe('PayoutForm default code fields (PAYOUT_CODE_FIELDS)', () => {
  it('puts an over-balance refusal beside the amount and a wrong password beside the password', async () => {
    let refuse = 'insufficient_balance'
    render(
      <PayoutForm
        titleId="t"
        methods={['paypal', 'bank']}
        texts={texts}
        amount={{
          mode: 'decimal',
          parse: (a) => (/^\d+$/.test(a) ? Number(a) : null),
          minimum: 10,
          payable: 50,
        }}
        onSubmit={async () => {
          throw status(422, { code: refuse })
        }}
      />,
    )
    fill()
    await send()
    expect(errorOf('amount')).toBe('code insufficient_balance')
    refuse = 'wrong_password'
    fill()
    await send()
    expect(errorOf('password')).toBe('Wrong password')
  })
})
