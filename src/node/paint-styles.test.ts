import { describe, expect, it } from 'vitest'
import { styleAttributesToRules } from './paint-styles'

describe('style attributes of a server paint become rules of its nonce’d style (the CSP allows no style attributes)', () => {
  it('one rule per distinct value, the attribute replaced by a reference', () => {
    const { html, css } = styleAttributesToRules(
      '<i style="--logo-bg:#264653"></i><i style="--logo-bg:#264653"></i><b style="background:url(&quot;/a.svg&quot;)"></b>',
    )
    expect(html).toBe('<i data-fp-style="0"></i><i data-fp-style="0"></i><b data-fp-style="1"></b>')
    expect(css).toBe('[data-fp-style="0"]{--logo-bg:#264653}[data-fp-style="1"]{background:url("/a.svg")}')
  })
  it('drops a value that could close the rule or the style element', () => {
    const { html, css } = styleAttributesToRules('<i style="color:red}&lt;/style&gt;&lt;script&gt;"></i>')
    expect(html).toBe('<i></i>')
    expect(css).toBe('')
  })
})
