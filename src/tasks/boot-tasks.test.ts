import { describe, expect, it } from 'vitest'
import { inTasks } from './boot-tasks'

describe('inTasks: the entry evaluates the app in steps, each in a task of its own (issue 30)', () => {
  it('runs each step in a task of its own: work a step queues for the next task runs before the next step', async () => {
    const log: string[] = []
    const step = (name: string) => async () => {
      log.push(name)
      setTimeout(() => log.push(`task after ${name}`), 0)
      return name
    }
    await inTasks([step('i18n'), step('store'), step('app')])
    // in one task it would be: i18n, store, app, then the three queued tasks
    expect(log).toEqual(['i18n', 'task after i18n', 'store', 'task after store', 'app'])
  })

  it('resolves to the steps’ results, in order', async () => {
    const slow = () => new Promise<string>((r) => setTimeout(() => r('first'), 20))
    await expect(inTasks([slow, async () => 'second'])).resolves.toEqual(['first', 'second'])
  })

  it('stops at a failing step: it rejects with that error and no later step runs', async () => {
    const ran: string[] = []
    const failure = new Error('a module failed to evaluate')
    const run = inTasks([
      async () => ran.push('a'),
      async () => {
        throw failure
      },
      async () => ran.push('c'),
    ])
    await expect(run).rejects.toBe(failure)
    expect(ran).toEqual(['a'])
  })
})
