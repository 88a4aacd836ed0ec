import { HttpError } from '@core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import staffEn from '../../../locales/en/staff.json'
import en from '../../../locales/en/staff-chat.json'
import staffEs from '../../../locales/es/staff.json'
import es from '../../../locales/es/staff-chat.json'
import { fakeHttp, renderInApp, screenConfig, testI18n, testServices } from '../../../tests/unit/kit'
import type { StaffMe } from '../shell/contract'
import { setStaff } from '../shell/staff-state'
import ChatPage from './ChatPage'
import type { StaffChatConversation, StaffChatSummary } from './contract'

/** The moment the test runs: no date is typed into a test. */
const now = new Date().toISOString()
const summary: StaffChatSummary = {
  id: 9,
  status: 'open',
  member: { id: 7, email: 'ann@example.com', name: 'Ann' },
  agent: null,
  created_at: now,
  updated_at: now,
  taken_at: null,
  last_member_message: 'Where is my cash back?',
}
const taken: StaffChatConversation = {
  ...summary,
  agent: { id: 1, name: 'Sam' },
  taken_at: now,
  messages: [
    { id: 1, author: 'system', body: 'welcome', staff_name: null, created_at: now },
    { id: 2, author: 'member', body: 'Where is my cash back?', staff_name: null, created_at: now },
    { id: 3, author: 'system', body: 'joined', staff_name: null, created_at: now },
  ],
}

async function show(routes: Parameters<typeof fakeHttp>[0]) {
  setStaff({ id: 1, email: 'sam@staff.example', name: 'Sam', role: 'support' } as unknown as StaffMe)
  const { http, calls } = fakeHttp(routes)
  const i18n = await testI18n('en', { 'staff-chat': [en, es], staff: [staffEn, staffEs] })
  renderInApp(<ChatPage />, { i18n, services: testServices({ http, config: screenConfig }).services })
  return calls
}

afterEach(() => setStaff(undefined))

describe('ChatPage', () => {
  it('lists the waiting conversation, takes it, shows its messages and sends an answer', async () => {
    let mine: StaffChatSummary[] = []
    const calls = await show({
      'GET /api/staff/chat/conversations': () => ({ data: { waiting: mine.length ? [] : [summary], mine } }),
      'POST /api/staff/chat/conversations/9/take': () => {
        mine = [{ ...summary, agent: taken.agent, taken_at: now }]
        return { data: taken }
      },
      'POST /api/staff/chat/conversations/9/messages': (b) => ({
        data: {
          id: 4,
          author: 'agent',
          body: (b as { body: string }).body,
          staff_name: 'Sam',
          created_at: now,
        },
      }),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Live chat' })).toBeTruthy()
    const waiting = await screen.findByTestId('chat-waiting')
    expect(within(waiting).getByText('Where is my cash back?')).toBeTruthy()
    fireEvent.click(within(waiting).getByRole('button', { name: 'Take: Ann' }))

    const heading = await screen.findByRole('heading', { name: 'Conversation with Ann' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    const log = screen.getByRole('log', { name: 'Messages with Ann' })
    expect(log.textContent).toMatch('An agent joined.')
    expect(await screen.findByText('You took the conversation with Ann.')).toBeTruthy()

    const box = await screen.findByLabelText('Your answer')
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }))
    expect(await screen.findByText('Write an answer first.')).toBeTruthy()
    expect(box.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(box, { target: { value: 'I am looking into it.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }))
    await waitFor(() => expect(log.textContent).toMatch('I am looking into it.'))
    expect(calls.find((c) => c.url.endsWith('/messages'))?.body).toEqual({ body: 'I am looking into it.' })
    expect(screen.getByTestId('chat-mine').textContent).toMatch('Ann')
  })

  it('says so when another agent took the conversation first', async () => {
    await show({
      'GET /api/staff/chat/conversations': () => ({ data: { waiting: [summary], mine: [] } }),
      'POST /api/staff/chat/conversations/9/take': () => {
        throw new HttpError(
          'Request failed with status code 409',
          'status',
          409,
          { id: ['Taken'] },
          {
            code: 'chat_taken',
          },
        )
      },
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Take: Ann' }))
    const said = await screen.findByText('Another agent has taken this conversation.')
    expect(said.closest('[role="alert"]')).toBeTruthy()
  })
})
