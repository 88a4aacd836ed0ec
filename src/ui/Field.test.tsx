import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CheckField, Field, Fields, FormAlert, focusFirstError, RadioGroup } from './Field'
import { useForm } from './useForm'

const reveal = { show: 'Show password', hide: 'Hide password', showShort: 'Show', hideShort: 'Hide' }

describe('Field', () => {
  it('labels the input, names it after its id, and ties hint and error to it', () => {
    render(<Field id="email" label="Email" hint="We never share it." error="Bad email." />)
    const input = screen.getByLabelText('Email')
    expect(input.getAttribute('name')).toBe('email')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('aria-describedby')).toBe('email-hint email-error')
    expect(document.getElementById('email-error')?.textContent).toBe('Bad email.')
    expect(document.getElementById('email-hint')?.textContent).toBe('We never share it.')
  })

  it('without an error: valid, described by the hint only; props go to the input', () => {
    render(<Field id="su-name" name="name" label="Name" hint="Full name" error="" placeholder="Jo" />)
    const input = screen.getByLabelText('Name')
    expect(input.getAttribute('name')).toBe('name')
    expect(input.getAttribute('placeholder')).toBe('Jo')
    expect(input.hasAttribute('aria-invalid')).toBe(false)
    expect(input.getAttribute('aria-describedby')).toBe('su-name-hint')
    expect(document.getElementById('su-name-error')).toBeNull()
  })

  it('the reveal toggle shows and hides the password, its name following', () => {
    render(<Field id="password" label="Password" type="password" reveal={reveal} />)
    const input = screen.getByLabelText('Password')
    expect(input.getAttribute('type')).toBe('password')
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }))
    expect(input.getAttribute('type')).toBe('text')
    const toggle = screen.getByRole('button', { name: 'Hide password' })
    expect(toggle.textContent).toBe('Hide')
    fireEvent.click(toggle)
    expect(input.getAttribute('type')).toBe('password')
  })

  it('hands the input to inputRef', () => {
    let el: HTMLInputElement | null = null
    render(
      <Field
        id="code"
        label="Code"
        inputRef={(x) => {
          el = x
        }}
      />,
    )
    expect(el).toBe(screen.getByLabelText('Code'))
  })
})

/** A form of two fields listed as data; `errors` stands in for errors the form was shown. */
function Form({ errors = {} }: { errors?: Record<string, string> }) {
  const f = useForm({ city: 'Austin', zip: '' })
  return (
    <form>
      <Fields
        form={{
          text: (name: 'city' | 'zip') => ({ ...f.text(name), error: errors[name] ?? f.text(name).error }),
        }}
        fields={[
          { id: 'city', label: 'City', autoComplete: 'address-level2' },
          { id: 'zip', label: 'ZIP', hint: '5 digits', inputMode: 'numeric' },
        ]}
      />
      <output data-testid="values">{JSON.stringify(f.values)}</output>
    </form>
  )
}

/** A field whose id is not its name. */
function Named() {
  const f = useForm({ email: 'ana@example.com' })
  return <Fields form={f} fields={[{ id: 'su-email', name: 'email', label: 'Email', type: 'email' }]} />
}

describe('Fields', () => {
  it('one labelled input per entry, in order, with its props, bound to the form by its id', () => {
    render(<Form />)
    const inputs = screen.getAllByRole('textbox')
    expect(inputs.map((i) => i.getAttribute('name'))).toEqual(['city', 'zip'])
    const city = screen.getByLabelText('City') as HTMLInputElement
    expect(city.value).toBe('Austin')
    expect(city.getAttribute('autocomplete')).toBe('address-level2')
    const zip = screen.getByLabelText('ZIP')
    expect(zip.getAttribute('inputmode')).toBe('numeric')
    expect(zip.getAttribute('aria-describedby')).toBe('zip-hint')
    fireEvent.change(zip, { target: { value: '78701' } })
    expect(screen.getByTestId('values').textContent).toBe('{"city":"Austin","zip":"78701"}')
  })

  it('binds an entry by its name when its id is another (two forms on a page)', () => {
    render(<Named />)
    const input = screen.getByLabelText('Email') as HTMLInputElement
    expect(input.id).toBe('su-email')
    expect(input.name).toBe('email')
    expect(input.value).toBe('ana@example.com')
  })

  it("shows each field's error from the form under that field", () => {
    render(<Form errors={{ zip: 'Enter a ZIP code.' }} />)
    expect(screen.getByLabelText('ZIP').getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById('zip-error')?.textContent).toBe('Enter a ZIP code.')
    expect(screen.getByLabelText('City').hasAttribute('aria-invalid')).toBe(false)
  })
})

describe('CheckField', () => {
  it('a checkbox with its label, content under it and its error', () => {
    render(
      <CheckField id="terms" label="I accept" error="Please accept.">
        <p>links</p>
      </CheckField>,
    )
    const box = screen.getByLabelText('I accept')
    expect(box.getAttribute('type')).toBe('checkbox')
    expect(box.getAttribute('name')).toBe('terms')
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(box.getAttribute('aria-describedby')).toBe('terms-error')
    expect(screen.getByText('links')).toBeTruthy()
  })
})

describe('FormAlert and focusFirstError', () => {
  it('the alert region is always there and holds the text when there is one', () => {
    const { rerender } = render(<FormAlert text={null} />)
    expect(screen.getByRole('alert').textContent).toBe('')
    rerender(<FormAlert text="Network Error" />)
    expect(screen.getByRole('alert').textContent).toBe('Network Error')
  })

  it('focuses the first name of the list that the form has', () => {
    render(
      <form data-testid="f">
        <Field id="email" label="Email" />
        <Field id="password" label="Password" />
      </form>,
    )
    const form = screen.getByTestId('f') as HTMLFormElement
    focusFirstError(form, ['missing', 'password', 'email'])
    expect(document.activeElement).toBe(screen.getByLabelText('Password'))
    focusFirstError(null, ['email'])
    expect(document.activeElement).toBe(screen.getByLabelText('Password'))
  })
})

describe('RadioGroup', () => {
  it('is a group named by its legend; the checked radio is the value, and a click reports the new one', () => {
    const picked: string[] = []
    const { rerender } = render(
      <RadioGroup
        legend="Method"
        name="method"
        options={[
          { value: 'paypal', label: 'PayPal' },
          { value: 'bank', label: 'Bank transfer' },
        ]}
        value="paypal"
        onChange={(v) => picked.push(v)}
      />,
    )
    const group = screen.getByRole('group', { name: 'Method' })
    expect(group.tagName).toBe('FIELDSET')
    expect(screen.getByRole('radio', { name: 'PayPal' })).toHaveProperty('checked', true)
    expect(screen.getByRole('radio', { name: 'Bank transfer' })).toHaveProperty('checked', false)
    fireEvent.click(screen.getByRole('radio', { name: 'Bank transfer' }))
    expect(picked).toEqual(['bank'])
    rerender(
      <RadioGroup
        legend="Method"
        name="method"
        options={[
          { value: 'paypal', label: 'PayPal' },
          { value: 'bank', label: 'Bank transfer' },
        ]}
        value="bank"
        onChange={(v) => picked.push(v)}
      />,
    )
    expect(screen.getByRole('radio', { name: 'Bank transfer' })).toHaveProperty('checked', true)
    expect(screen.getAllByRole('radio').every((r) => r.getAttribute('name') === 'method')).toBe(true)
  })
})
