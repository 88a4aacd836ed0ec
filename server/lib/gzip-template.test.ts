import { randomBytes } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { GzipTemplate } from './gzip-template.ts'

describe('GzipTemplate (issue 29: a kept page sent as gzip without compressing it again)', () => {
  it('gives a gzip stream of the fixed parts with each response’s holes, as gunzip reads it', () => {
    const page = [
      '<html><head><style nonce="',
      '">body{}</style></head><body>',
      '</body><script nonce="',
      '"></script></html>',
    ]
    const t = new GzipTemplate(page)
    for (const n of ['abc', 'Zm9vYmFy+/=']) {
      const holes = [n, `<p>${'é'.repeat(10)} ${n}</p>`, n]
      const text = gunzipSync(t.render(holes)).toString('utf8')
      expect(text).toBe(page.map((p, i) => p + (holes[i] ?? '')).join(''))
    }
  })

  it('compresses the fixed parts: a large repetitive page becomes small', () => {
    const big = '<li class="store">A store with cash back</li>'.repeat(3000)
    const t = new GzipTemplate([big, big])
    const bytes = t.render(['x'])
    expect(gunzipSync(bytes).toString()).toBe(`${big}x${big}`)
    expect(bytes.length).toBeLessThan(big.length / 20)
  })

  it('takes empty parts and holes, and a hole longer than one stored block (64 KB)', () => {
    const hole = randomBytes(100_000).toString('base64')
    const t = new GzipTemplate(['', '', 'end'])
    expect(gunzipSync(t.render(['', hole])).toString()).toBe(`${hole}end`)
    expect(gunzipSync(new GzipTemplate(['only']).render([])).toString()).toBe('only')
  })

  it('refuses a wrong number of holes', () => {
    expect(() => new GzipTemplate(['a', 'b']).render([])).toThrow(/1 holes, 0 given/)
  })
})
