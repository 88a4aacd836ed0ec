import { describe, expect, it } from 'vitest'
import { networksConfig, parseCents, parseConversion, parseEventTime, statusOf } from './networks.ts'

const net = (id: string) => networksConfig.networks.find((n) => n.id === id)!

describe('network fields', () => {
  it('parses dollar amounts to integer cents exactly (no float drift)', () => {
    expect(parseCents('19.99', 'dollars')).toBe(1999)
    expect(parseCents('0.29', 'dollars')).toBe(29)
    expect(parseCents('1.005', 'dollars')).toBe(101)
    expect(parseCents('1.0049', 'dollars')).toBe(100)
    expect(parseCents('19.9', 'dollars')).toBe(1990)
    expect(parseCents('19', 'dollars')).toBe(1900)
    expect(parseCents('-4.10', 'dollars')).toBe(410)
    expect(parseCents('1,234.50', 'dollars')).toBeUndefined()
    expect(parseCents('abc', 'dollars')).toBeUndefined()
    expect(parseCents('1e3', 'dollars')).toBeUndefined()
  })

  it('takes whole cents for a network that reports cents, and refuses decimals there', () => {
    expect(parseCents('1999', 'cents')).toBe(1999)
    expect(parseCents('19.99', 'cents')).toBeUndefined()
  })

  it('reads an event time as ISO 8601 or seconds since 1970', () => {
    const t = new Date(Date.UTC(2026, 0, 2, 3, 4, 5))
    expect(parseEventTime(t.toISOString(), 'iso')?.getTime()).toBe(t.getTime())
    expect(parseEventTime(String(t.getTime() / 1000), 'unix')?.getTime()).toBe(t.getTime())
    expect(parseEventTime('yesterday', 'iso')).toBeUndefined()
    expect(parseEventTime('12:00', 'unix')).toBeUndefined()
  })

  it("maps a network's statuses case-insensitively, and an unknown one to nothing", () => {
    expect(statusOf(net('impact'), 'approved')).toBe('confirmed')
    expect(statusOf(net('rakuten'), 'Cancelled')).toBe('reversed')
    expect(statusOf(net('cj'), 'new')).toBe('pending')
    expect(statusOf(net('cj'), 'weird')).toBeUndefined()
  })

  it('names the missing or malformed field of a postback', () => {
    const r = net('rakuten')
    const ok = parseConversion(
      r,
      (k) => ({ order_id: 'A1', status: 'pending', sale_amount: '12.30', u1: 'c' })[k],
    )
    expect(ok).toMatchObject({
      ok: true,
      input: { saleCents: 1230, commissionCents: 0, currency: 'USD', clickId: 'c' },
    })
    const bad = parseConversion(r, (k) => ({ order_id: 'A1', status: 'shipped', sale_amount: '1' })[k])
    expect(bad).toMatchObject({ ok: false, code: 'bad_status' })
  })
})
