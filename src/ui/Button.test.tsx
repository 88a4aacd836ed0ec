import { render, screen } from '@testing-library/react'
import { createRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Button, buttonClass } from './Button'
import css from './button.module.css'

/** The module's class names (a missing one fails the test instead of matching nothing). */
const c = (name: string): string => css[name] ?? `missing-${name}`

describe('Button', () => {
  it('renders its children as a button of type "button" with the primary look by default', () => {
    render(<Button>Save</Button>)
    const b = screen.getByRole('button', { name: 'Save' })
    expect(b.getAttribute('type')).toBe('button')
    expect(b.classList.contains(c('button'))).toBe(true)
    expect(b.classList.contains(c('primary'))).toBe(true)
    expect(b.classList.contains(c('secondary'))).toBe(false)
  })

  it('a submit button says so', () => {
    render(<Button type="submit">Send</Button>)
    expect(screen.getByRole('button', { name: 'Send' }).getAttribute('type')).toBe('submit')
  })

  it('takes the variant, size and width classes, and keeps its own className last', () => {
    render(
      <Button variant="secondary" size="large" block className="extra">
        Later
      </Button>,
    )
    const b = screen.getByRole('button', { name: 'Later' })
    expect(b.className).toBe(`${c('button')} ${c('secondary')} ${c('large')} ${c('block')} extra`)
    render(<Button variant="link">More</Button>)
    const link = screen.getByRole('button', { name: 'More' })
    expect(link.classList.contains(c('link'))).toBe(true)
    expect(link.classList.contains(c('primary'))).toBe(false)
  })

  it('a disabled button is disabled and does not call onClick', () => {
    const onClick = vi.fn()
    render(
      <Button disabled onClick={onClick}>
        Wait
      </Button>,
    )
    const b = screen.getByRole('button', { name: 'Wait' }) as HTMLButtonElement
    expect(b.disabled).toBe(true)
    b.click()
    expect(onClick).not.toHaveBeenCalled()
  })

  it('forwards other props and the ref to the <button>', () => {
    const ref = createRef<HTMLButtonElement>()
    const onClick = vi.fn()
    render(
      <Button ref={ref} aria-controls="panel" data-testid="go" onClick={onClick}>
        Go
      </Button>,
    )
    const b = screen.getByTestId('go')
    expect(ref.current).toBe(b)
    expect(b.getAttribute('aria-controls')).toBe('panel')
    b.click()
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('buttonClass gives a link the same look', () => {
    expect(buttonClass({ variant: 'secondary' })).toBe(`${c('button')} ${c('secondary')}`)
    expect(buttonClass({}, 'x')).toBe(`${c('button')} ${c('primary')} x`)
  })
})
