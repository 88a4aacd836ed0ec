import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MessageForm } from './MessageForm'
import { fakeHttp, invalid, makeI18n, renderWith } from './test-utils'

describe('MessageForm', () => {
  it('sends the form to /api/contact with the member prefilled and the captcha response, and says it was sent', async () => {
    const { http, calls } = fakeHttp({
      'POST /api/contact': () => ({ success: true, code: 'contact_received', message: 'Thank you.' }),
    })
    renderWith(<MessageForm />, { i18n: await makeI18n(), http })
    expect(screen.getByRole('heading', { level: 2, name: 'Send us a message' })).toBeTruthy()
    expect((screen.getByLabelText('Your email address') as HTMLInputElement).value).toBe('dana@example.com')
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Missing cash back' } })
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'My order 123 is not tracked.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }))
    expect((await screen.findByTestId('contact-sent')).textContent).toMatch('Your message is sent')
    // (the form also asks which captcha the server has: GET /api/web/captcha, the sandbox here)
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/contact',
      body: {
        name: 'Dana Demo',
        email: 'dana@example.com',
        subject: 'Missing cash back',
        message: 'My order 123 is not tracked.',
        'g-recaptcha-response': 'sandbox-captcha-pass',
      },
    })
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('')
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('')
  })

  it("refuses blank required fields before sending, then puts the server's field errors under the fields, in Spanish", async () => {
    const { http, calls } = fakeHttp({
      'POST /api/contact': () => {
        throw invalid({ email: 'You have entered an invalid email address!' }, { email: 'invalid_format' })
      },
    })
    renderWith(<MessageForm />, { i18n: await makeI18n('es'), http })
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensaje' }))
    expect(await screen.findByText('Escribe un asunto.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
    fireEvent.change(screen.getByLabelText('Asunto'), { target: { value: 'Hola' } })
    fireEvent.change(screen.getByLabelText('Mensaje'), { target: { value: 'Una pregunta' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensaje' }))
    expect(await screen.findByText('¡Has introducido un correo electrónico no válido!')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
  })
})
