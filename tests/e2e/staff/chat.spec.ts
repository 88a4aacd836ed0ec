/**
 * Issue 28, the live chat in real time for both sides: a member opens the chat in one browser
 * context, the support agent support2@staff.example (signed in with TOTP) takes it in a second
 * context and answers; the member sees the answer live, without a reload and without polling (the
 * conversation's event stream); the member's next message reaches the agent's page live; the agent
 * closes the chat and the member is told. axe finds no serious issue on the agent's page.
 *
 * Business hours: the chat opens only in them (config/constants.json chat). The test-mode route
 * POST /api/dev/chat/clock judges this member's hours at the next open hour, so the spec runs at any
 * time; other members keep the real clock.
 */
import { expect, type Request } from '@playwright/test'
import constants from '../../../config/constants.json' with { type: 'json' }
import { test } from '../fixtures'
import { expectNoSeriousAxe, signedInMember } from '../helpers'
import { signInStaff } from './session'

const AGENT = 'support2@staff.example'

/** Whether the chat is open at `at` by the hours of config/constants.json (weekday 0 = Sunday). */
function openAt(at: Date): boolean {
  const c = constants.chat
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: c.timeZone,
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(at)
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(
    parts.find((p) => p.type === 'weekday')?.value ?? '',
  )
  const hour = Number(parts.find((p) => p.type === 'hour')?.value)
  return c.days.includes(day) && hour >= c.openHour && hour < c.closeHour
}

/** The middle of the next open hour from now (now's hour when it is open). */
function nextOpenHour(): Date {
  const t = new Date()
  t.setUTCMinutes(30, 0, 0)
  for (let i = 0; i < 24 * 8; i++, t.setTime(t.getTime() + 3_600_000)) if (openAt(t)) return new Date(t)
  throw new Error('the chat is open at no hour of a week (config/constants.json chat)')
}

test('an agent answers a chat that the member sees live in a second browser context', async ({
  page,
  request,
  browser,
}) => {
  // signInStaff may wait for the next TOTP step (up to 30 s)
  test.setTimeout(120_000)
  const member = await signedInMember(page, request, 'chat-live', 'Casey Chat')
  const clock = await request.post('/api/dev/chat/clock', {
    data: { email: member.email, at: nextOpenHour().toISOString() },
  })
  expect(clock.ok()).toBe(true)

  // the member: /account/contact, start a chat, write
  const polled: string[] = []
  page.on('request', (r: Request) => {
    if (r.method() === 'GET' && /\/api\/chat\/conversations\/\d+\/messages/.test(r.url()))
      polled.push(r.url())
  })
  const streamOpened = page.waitForRequest((r) => /\/api\/chat\/conversations\/\d+\/events/.test(r.url()))
  await page.goto('/account/contact')
  const panel = page.getByTestId('chat-panel')
  await panel.getByRole('button', { name: 'Start a chat' }).click()
  const log = panel.getByRole('log')
  await expect(log).toContainText('an agent will answer here')
  await panel.getByLabel('Your message').fill('Hello, my cash back from last week is missing.')
  await panel.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(log).toContainText('Hello, my cash back from last week is missing.')
  await streamOpened
  // a mark on the page: a reload or a navigation would drop it
  await page.evaluate(() => {
    ;(window as unknown as { chatMark: number }).chatMark = 1
  })

  // the agent, in a browser context of its own
  const agentContext = await browser.newContext({ baseURL: test.info().project.use.baseURL! })
  const agent = await agentContext.newPage()
  try {
    await signInStaff(agent, AGENT)
    await agent.goto('/staff/chat')
    await expect(agent.getByRole('heading', { level: 1, name: 'Live chat' })).toBeVisible()
    await expect(agent.getByTestId('chat-live')).toContainText('Live')
    const waiting = agent
      .getByTestId('chat-waiting')
      .getByTestId('chat-item')
      .filter({ hasText: member.email })
    await expect(waiting).toContainText('Hello, my cash back from last week is missing.')
    await expectNoSeriousAxe(agent, 'staff chat, waiting list')
    await waiting.getByRole('button', { name: 'Take: Casey Chat' }).click()

    const conversation = agent.getByTestId('chat-conversation')
    await expect(conversation.getByRole('heading', { name: 'Conversation with Casey Chat' })).toBeFocused()
    const agentLog = conversation.getByRole('log')
    await expect(agentLog).toContainText('Hello, my cash back from last week is missing.')
    await conversation.getByLabel('Your answer').fill('Hi Casey, I am looking at your purchase now.')
    await conversation.getByRole('button', { name: 'Send answer' }).click()
    await expect(agentLog).toContainText('Hi Casey, I am looking at your purchase now.')

    // the member sees the answer live: no reload, no polling
    await expect(log).toContainText('An agent has joined the chat.')
    await expect(log).toContainText('Agent: Hi Casey, I am looking at your purchase now.')
    expect(await page.evaluate(() => (window as unknown as { chatMark?: number }).chatMark)).toBe(1)
    expect(polled).toEqual([])

    // the member's next message reaches the agent's page live
    await panel.getByLabel('Your message').fill('Thank you!')
    await panel.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(agentLog).toContainText('Thank you!')
    await expectNoSeriousAxe(agent, 'staff chat, a conversation')

    // the agent closes it; the member is told, live
    await conversation.getByRole('button', { name: 'Close conversation' }).click()
    await expect(agent.getByText('The conversation with Casey Chat is closed.')).toBeVisible()
    await expect(panel.getByTestId('chat-ended')).toContainText('This chat has ended.')
    await expect(log).toContainText('The agent has ended this chat.')
    await expect(panel.getByRole('button', { name: 'Start a new chat' })).toBeVisible()
    expect(polled).toEqual([])
  } finally {
    await agentContext.close()
    await request.post('/api/dev/chat/clock', { data: { email: member.email, at: null } })
  }
})
