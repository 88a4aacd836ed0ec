import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Dialog } from './Dialog'

// jsdom has no showModal: stand in for the browser's (open it, no top layer).
const proto = HTMLDialogElement.prototype as { showModal?: () => void; close?: () => void }
const saved = { showModal: proto.showModal, close: proto.close }
beforeEach(() => {
  proto.showModal = vi.fn(function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  })
  proto.close = vi.fn(function (this: HTMLDialogElement) {
    this.removeAttribute('open')
  })
})
afterEach(() => {
  proto.showModal = saved.showModal
  proto.close = saved.close
})

function Opener({ withField = true }: { withField?: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Dialog
          title="Sign in"
          closeLabel="Close"
          onClose={() => setOpen(false)}
          testId="dlg"
          data-tab="login"
        >
          {withField ? <input aria-label="Email" /> : <p>Body</p>}
          <button type="button">Go</button>
        </Dialog>
      ) : null}
    </>
  )
}

function open(withField?: boolean) {
  render(<Opener withField={withField} />)
  const opener = screen.getByRole('button', { name: 'Open' })
  opener.focus()
  fireEvent.click(opener)
  return { opener, dialog: screen.getByTestId('dlg') as HTMLDialogElement }
}

describe('Dialog', () => {
  it('opens modal, named by its title, with its data attributes, focus on its first field', () => {
    const { dialog } = open()
    expect(dialog.tagName).toBe('DIALOG')
    expect(proto.showModal).toHaveBeenCalledTimes(1)
    expect(dialog.open).toBe(true)
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBe(dialog)
    expect(dialog.getAttribute('data-tab')).toBe('login')
    expect(document.activeElement).toBe(screen.getByLabelText('Email'))
  })

  it('the close button (named by closeLabel) closes it and focus returns to the opener', () => {
    const { opener } = open()
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByTestId('dlg')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('Escape (the cancel event) and a click on the backdrop close it', () => {
    const { dialog } = open(false)
    const cancel = new Event('cancel', { cancelable: true })
    fireEvent(dialog, cancel)
    expect(cancel.defaultPrevented).toBe(true)
    expect(screen.queryByTestId('dlg')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    fireEvent.mouseDown(screen.getByText('Body'))
    expect(screen.getByTestId('dlg')).toBeTruthy()
    fireEvent.mouseDown(screen.getByTestId('dlg'))
    expect(screen.queryByTestId('dlg')).toBeNull()
  })
})
