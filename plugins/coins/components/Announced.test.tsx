import { act, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Announced } from './Announced'

let show: (key: number | null) => void = () => {}

/** Shows the box for a key (a result), or nothing for null; a button beside it has the focus first. */
function Page() {
  const [key, setKey] = useState<number | null>(null)
  show = setKey
  return (
    <>
      <button type="button">Send</button>
      {key !== null ? (
        <Announced className="box" title="Done" testId="done" focus={key}>
          <p>Result {key}</p>
        </Announced>
      ) : null}
    </>
  )
}

describe('Announced', () => {
  it('a section named by its heading, which takes the focus when it appears', () => {
    render(<Page />)
    screen.getByRole('button', { name: 'Send' }).focus()
    act(() => show(1))
    const heading = screen.getByRole('heading', { name: 'Done' })
    expect(document.activeElement).toBe(heading)
    const section = screen.getByTestId('done')
    expect(section.getAttribute('aria-labelledby')).toBe('done-title')
    expect(heading.id).toBe('done-title')
    expect(section.className).toBe('box')
    expect(section.textContent).toContain('Result 1')
  })

  it('takes the focus again when its focus key changes (a second result)', () => {
    render(<Page />)
    act(() => show(1))
    screen.getByRole('button', { name: 'Send' }).focus()
    act(() => show(2))
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Done' }))
  })
})
