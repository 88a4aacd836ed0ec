import { act, fireEvent, render, screen } from '@testing-library/react'
import { Link, MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { useDisclosure } from './useDisclosure'

/** A disclosure as the header uses it: the button and its panel (a link and a button) in one box. */
function Menu() {
  const d = useDisclosure()
  return (
    <div>
      <div {...d.box}>
        <button type="button" {...d.button}>
          Menu
        </button>
        <div id={d.panelId} data-open={d.open || undefined}>
          <Link to="/stores">Stores</Link>
          <button type="button" onClick={() => d.close({ focus: true })}>
            Verify
          </button>
          <button type="button" onClick={() => d.close()}>
            Done
          </button>
        </div>
      </div>
      <button type="button">elsewhere</button>
    </div>
  )
}

function setup() {
  render(
    <MemoryRouter>
      <Menu />
    </MemoryRouter>,
  )
  const button = screen.getByRole('button', { name: 'Menu' })
  const panel = document.getElementById(button.getAttribute('aria-controls')!)!
  return { button, panel, open: () => panel.hasAttribute('data-open') }
}

describe('useDisclosure (a button that shows a panel)', () => {
  it('the button controls the panel by id and toggles it, with aria-expanded', () => {
    const { button, panel, open } = setup()
    expect(panel).not.toBeNull()
    expect(button.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(open()).toBe(true)
    fireEvent.click(button)
    expect(open()).toBe(false)
  })

  it('Escape inside closes it and puts focus back on the button', () => {
    const { button, open } = setup()
    fireEvent.click(button)
    const link = screen.getByRole('link', { name: 'Stores' })
    link.focus()
    fireEvent.keyDown(link, { key: 'Escape' })
    expect(open()).toBe(false)
    expect(document.activeElement).toBe(button)
  })

  it('a press outside the box or focus leaving it closes it', () => {
    const { button, open } = setup()
    fireEvent.click(button)
    fireEvent.pointerDown(screen.getByRole('button', { name: 'elsewhere' }))
    expect(open()).toBe(false)
    fireEvent.click(button)
    fireEvent.blur(button, { relatedTarget: screen.getByRole('button', { name: 'elsewhere' }) })
    expect(open()).toBe(false)
  })

  it('a press inside does not close it', () => {
    const { button, open } = setup()
    fireEvent.click(button)
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Stores' }))
    expect(open()).toBe(true)
  })

  it('a navigation closes it; focus that was inside goes back to the button', async () => {
    const { button, open } = setup()
    fireEvent.click(button)
    const link = screen.getByRole('link', { name: 'Stores' })
    link.focus()
    await act(async () => {
      fireEvent.click(link)
    })
    expect(open()).toBe(false)
    expect(document.activeElement).toBe(button)
  })

  it('close() leaves focus where it was outside the box; close({ focus: true }) puts it on the button', () => {
    const { button, open } = setup()
    const elsewhere = screen.getByRole('button', { name: 'elsewhere' })
    fireEvent.click(button)
    elsewhere.focus()
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    expect(open()).toBe(false)
    expect(document.activeElement).toBe(elsewhere)
    fireEvent.click(button)
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(open()).toBe(false)
    expect(document.activeElement).toBe(button)
  })
})
