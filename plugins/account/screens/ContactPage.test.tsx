import { constants } from '@core'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../member/chat-contract'
import { fakeHttp, invalid, makeI18n, type Routes, renderWith } from '../member/test-utils'
import ContactPage from './ContactPage'

const closedChat: Routes = { 'GET /api/chat/conversations/current': () => ({ open: false, data: null }) }

describe('ContactPage', () => {
  it('shows the title, the FAQ link, the live chat and the message-us form', async () => {
    const { http } = fakeHttp(closedChat)
    renderWith(<ContactPage />, { i18n: await makeI18n(), http })
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'read the FAQ' }).getAttribute('href')).toBe('/account/faq')
    expect(await screen.findByTestId('chat-closed')).toBeTruthy()
    const form = screen.getByRole('form', { name: 'Send us a message' })
    expect((screen.getByLabelText('Your email address') as HTMLInputElement).value).toBe('dana@example.com')
    expect(form.contains(screen.getByRole('button', { name: 'Send message' }))).toBe(true)
  })
})

describe('ContactPage: live chat', () => {
  it('outside business hours says so, with the hours from config, and keeps the form', async () => {
    const { http } = fakeHttp(closedChat)
    renderWith(<ContactPage />, { i18n: await makeI18n(), http })
    expect((await screen.findByTestId('chat-closed')).textContent).toMatch('The live chat is closed now')
    const hours = screen.getByTestId('chat-panel').textContent ?? ''
    expect(hours).toMatch(`${constants.chat.openHour}:00 to ${constants.chat.closeHour}:00`)
    expect(hours).toMatch('Monday to Friday')
    expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy()
  })

  it('in business hours starts a stored conversation and sends a message; an empty one is refused', async () => {
    const messages: ChatMessage[] = [
      { id: 1, author: 'system', body: 'welcome', created_at: new Date().toISOString() },
    ]
    const { http, calls } = fakeHttp({
      'GET /api/chat/conversations/current': () => ({ open: true, data: null }),
      'POST /api/chat/conversations': () => ({
        data: { id: 5, status: 'open', created_at: new Date().toISOString(), messages },
      }),
      'POST /api/chat/conversations/5/messages': (b) => ({
        data: {
          id: 2,
          author: 'member',
          body: (b as { body: string }).body,
          created_at: new Date().toISOString(),
        },
      }),
      'POST /api/chat/conversations/5/close': () => ({ success: true }),
    })
    renderWith(<ContactPage />, { i18n: await makeI18n('es'), http })
    fireEvent.click(await screen.findByRole('button', { name: 'Empezar un chat' }))
    const log = await screen.findByRole('log')
    expect(log.textContent).toMatch('Cuéntanos en qué podemos ayudarte')
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(await screen.findByText('Escribe un mensaje.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Tu mensaje'), { target: { value: '¿Dónde está mi reembolso?' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Enviar' }))
    })
    await waitFor(() => expect(log.textContent).toMatch('¿Dónde está mi reembolso?'))
    expect(calls.find((c) => c.url === '/api/chat/conversations/5/messages')?.body).toEqual({
      body: '¿Dónde está mi reembolso?',
    })
    fireEvent.click(screen.getByRole('button', { name: 'Terminar el chat' }))
    expect(await screen.findByRole('button', { name: 'Empezar un chat' })).toBeTruthy()
  })

  it('when the chat closes meanwhile, the server code switches the panel to closed', async () => {
    const { http } = fakeHttp({
      'GET /api/chat/conversations/current': () => ({ open: true, data: null }),
      'POST /api/chat/conversations': () => {
        throw invalid({ chat: 'The live chat is closed now.' }, { chat: 'chat_closed' }, 409)
      },
    })
    renderWith(<ContactPage />, { i18n: await makeI18n(), http })
    fireEvent.click(await screen.findByRole('button', { name: 'Start a chat' }))
    expect(await screen.findByTestId('chat-closed')).toBeTruthy()
    expect(screen.getByText(/Please send us a message with the form below/)).toBeTruthy()
  })
})
