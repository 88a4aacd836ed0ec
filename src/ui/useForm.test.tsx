import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CheckField, Field, FormAlert } from './Field'
import { type FormErrors, splitServerErrors, type UseFormOptions, useForm } from './useForm'

type V = { name: string; email: string; terms: boolean }
let release: (() => void) | null = null
const sent: V[] = []

function TestForm({
  validate,
  reply,
  options,
}: {
  validate?: (v: V) => FormErrors
  reply?: { fields: FormErrors; alert?: string }
  options?: UseFormOptions
}) {
  const f = useForm<V>({ name: '', email: '', terms: false }, options)
  const submit = f.onSubmit(async (v) => {
    sent.push(v)
    await new Promise<void>((r) => {
      release = r
    })
    if (reply) f.show(reply.fields, reply.alert ?? null)
  }, validate)
  return (
    <form ref={f.ref} onSubmit={submit} aria-busy={f.busy} data-testid="form">
      <FormAlert text={f.alert} />
      <Field id="name" label="Name" {...f.text('name')} />
      <Field id="email" label="Email" {...f.text('email')} />
      <CheckField id="terms" label="Terms" {...f.check('terms')} />
      <button type="submit">{f.busy ? 'Sending' : 'Send'}</button>
    </form>
  )
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? null

describe('useForm', () => {
  it('client errors go under their fields, focus moves to the first in form order, nothing is sent', () => {
    sent.length = 0
    render(
      <TestForm validate={(v) => (v.terms ? {} : { terms: 'Accept the terms.', email: 'Bad email.' })} />,
    )
    fireEvent.submit(screen.getByTestId('form'))
    expect(errorOf('email')).toBe('Bad email.')
    expect(errorOf('terms')).toBe('Accept the terms.')
    expect(errorOf('name')).toBeNull()
    expect(document.activeElement).toBe(screen.getByLabelText('Email'))
    expect(sent).toEqual([])
  })

  it('sends the typed values, is busy until the reply, ignores a second submit meanwhile', async () => {
    sent.length = 0
    render(<TestForm />)
    type('Name', 'Ann')
    fireEvent.click(screen.getByLabelText('Terms'))
    fireEvent.submit(screen.getByTestId('form'))
    expect(screen.getByRole('button').textContent).toBe('Sending')
    expect(screen.getByTestId('form').getAttribute('aria-busy')).toBe('true')
    fireEvent.submit(screen.getByTestId('form'))
    expect(sent).toEqual([{ name: 'Ann', email: '', terms: true }])
    await act(async () => release?.())
    expect(screen.getByRole('button').textContent).toBe('Send')
  })

  it("show() puts the server's errors on the fields and the rest in the form alert", async () => {
    render(<TestForm reply={{ fields: { email: 'Taken.' }, alert: 'Try later.' }} />)
    fireEvent.submit(screen.getByTestId('form'))
    await act(async () => release?.())
    expect(errorOf('email')).toBe('Taken.')
    expect(screen.getByRole('alert').textContent).toBe('Try later.')
    expect(document.activeElement).toBe(screen.getByLabelText('Email'))
  })

  it('errorText turns a stored key into its text; clearErrorOnChange drops the error as the field changes', () => {
    render(
      <TestForm
        validate={() => ({ name: 'errors.name' })}
        options={{ errorText: (k) => `text of ${k}`, clearErrorOnChange: true }}
      />,
    )
    fireEvent.submit(screen.getByTestId('form'))
    expect(errorOf('name')).toBe('text of errors.name')
    type('Name', 'A')
    expect(errorOf('name')).toBeNull()
  })
})

describe('splitServerErrors', () => {
  it("keeps the first message of the form's fields, and the first other one as the form's text", () => {
    const errors = { email: ['Taken.', 'Second.'], captcha: ['Solve it.'], other: ['Later.'], name: [] }
    expect(splitServerErrors(errors, ['name', 'email'], (m) => `<${m}>`)).toEqual({
      fields: { email: '<Taken.>' },
      form: '<Solve it.>',
    })
    expect(splitServerErrors(undefined, ['email'])).toEqual({ fields: {}, form: null })
  })
})
