import { afterEach, describe, expect, it, vi } from 'vitest'
import { fill, jsText, loadPixel, loadPixels, placeholders, registrationCacheKey, sha256Hex } from './pixels'
import { frameDocument, inlineScript, runSandboxed } from './sandbox'
import { fakeContext } from './test-utils'

afterEach(() => {
  vi.useRealTimers()
  for (const f of document.querySelectorAll('iframe')) f.remove()
})

describe('placeholders', () => {
  it('hashes the trimmed lower-case email with SHA-256', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    const p = await placeholders({ email: '  Dana@Example.com ', transactionId: 42 }, null)
    expect(p.email_hash).toBe(await sha256Hex('dana@example.com'))
    expect(p.transaction_id).toBe('42')
  })
  it('puts the raw email only where the member’s terms allow pii', async () => {
    expect((await placeholders({ email: 'a@b.co' }, { allowsPii: false })).email).toBe('')
    expect((await placeholders({ email: 'a@b.co' }, null)).email).toBe('') // default terms: pii false
    expect((await placeholders({}, { email: 'a@b.co', allowsPii: true })).email).toBe('a@b.co')
  })
  it('keeps filled values inside the pixel’s string literal', async () => {
    const p = await placeholders(
      { email: "o'neil</script>@x.co", transactionId: "1';alert(1)//" },
      { allowsPii: true },
    )
    expect(p.transaction_id).toBe('1alert1')
    const code = fill("var e='{email}', t='{transaction_id}', h=\"{email_hash}\"", p)
    expect(code).not.toContain("o'neil")
    expect(code).not.toContain('</script')
    const e = new Function(`${code}; return e`)()
    expect(e).toBe("o'neil</script>@x.co")
    expect(jsText('a b')).toBe('a\\u0020b')
  })
})

describe('the sandboxed frame', () => {
  it('runs each pixel in its own try block with the page nonce, and cannot be closed early', () => {
    expect(inlineScript('a="</script><!--"')).toBe('a="<\\/script><\\!--"')
    const html = frameDocument(['throw 1', 'x()'], 'n0nce')
    expect(html.match(/<script nonce="n0nce">try\{/g)).toHaveLength(2)
    expect(frameDocument(['x'], 'bad"><b')).toContain('nonce="badb"')
  })
  it('is an allow-scripts sandbox without same-origin, hidden, and removed later', () => {
    vi.useFakeTimers()
    const f = runSandboxed(['1'], { nonce: 'n', keepMs: 1000 })!
    expect(f.getAttribute('sandbox')).toBe('allow-scripts')
    expect(f.getAttribute('aria-hidden')).toBe('true')
    expect(f.srcdoc).toContain('<script nonce="n">')
    expect(document.body.contains(f)).toBe(true)
    vi.advanceTimersByTime(1000)
    expect(document.body.contains(f)).toBe(false)
    expect(runSandboxed([])).toBeUndefined()
  })
})

describe('load-pixel and load-pixels', () => {
  const frames = () => [...document.querySelectorAll<HTMLIFrameElement>('iframe[data-pixel-frame]')]
  it('runs registration once in 7 days and conversion each time, with placeholders filled', async () => {
    const f = fakeContext({ member: { email: 'dana@example.com', allowsPii: false } })
    f.tracking.setAttribution({
      sid: 's1',
      cid: 'c1',
      partner: 'affiliate',
      website: null,
      url: null,
      origin: 1,
    })
    f.http.get.mockResolvedValue({
      success: true,
      registration: ['reg()'],
      conversion: ["conv('{transaction_id}','{email_hash}','{email}')"],
    })
    await loadPixel(f.ctx, { transactionId: 'T-1' })
    expect(f.http.get).toHaveBeenCalledWith('/landers/load-pixel', {
      params: { partner: 'affiliate', sid: 's1', cid: 'c1', transaction_id: 'T-1' },
    })
    const first = frames()[0]!.srcdoc
    expect(first).toContain('reg()')
    expect(first).toContain(`conv('T-1','${await sha256Hex('dana@example.com')}','')`)
    expect(f.services.cache.get(registrationCacheKey)).toEqual(['reg()'])
    await loadPixel(f.ctx, { transactionId: 'T-2' })
    const second = frames()[1]!.srcdoc
    expect(second).not.toContain('reg()')
    expect(second).toContain("conv('T-2'")
  })
  it('drops a reply that is not what it should be', async () => {
    const f = fakeContext()
    f.http.get.mockResolvedValue('<html>oops</html>')
    await loadPixel(f.ctx, {})
    f.http.post.mockResolvedValue({ success: true, conversion: 'x' })
    await loadPixels(f.ctx, {})
    expect(frames()).toHaveLength(0)
  })
  it('posts a form with the pixel types and runs global-delayed and conversion scripts', async () => {
    const f = fakeContext()
    f.http.post.mockResolvedValue({ success: true, globaldelayed: ['g()'], conversion: ['c()'] })
    await loadPixels(f.ctx, {
      pixelTypes: ['conversion', 'globaldelayed'],
      product: 'plus',
      context: 'upsell',
    })
    const [url, body, cfg] = f.http.post.mock.calls.at(-1)!
    expect(url).toBe('/api/load-pixels')
    expect(String(body)).toBe(
      'product=plus&context=upsell&pixelTypes%5B%5D=conversion&pixelTypes%5B%5D=globaldelayed',
    )
    expect(cfg).toEqual({ headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
    expect(frames()[0]!.srcdoc).toMatch(/g\(\)[\s\S]*c\(\)/)
  })
})
