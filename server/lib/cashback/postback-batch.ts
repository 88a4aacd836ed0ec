import type { Services } from '../../services.ts'
import { afterApply } from './after-apply.ts'
import { applyConversions, type ConversionInput } from './conversions.ts'

interface Waiting {
  input: ConversionInput
  test: boolean
  done: (err?: unknown) => void
}

/**
 * Postbacks that arrive together are applied together (group commit): while one call of
 * applyConversions runs, the postbacks that come in wait and then go in one batch, so a burst of
 * postbacks costs a few statements, not a few per postback. Each postback is answered once its batch
 * is booked and its followers (inquiry match, notifications) have run. One batch at a time per process;
 * other processes (PostgreSQL) have their own, and the conversion rows' gate keeps them apart.
 */
export class PostbackBatcher {
  private waiting: Waiting[] = []
  private running = false

  constructor(
    private readonly s: Services,
    private readonly onError: (err: unknown) => void,
    private readonly max = 1000,
  ) {}

  apply(input: ConversionInput, test: boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, test, done: (err) => (err === undefined ? resolve() : reject(err)) })
      if (!this.running) {
        this.running = true
        // after the requests that came in with this one have been read (the embedded database works on
        // this thread: a batch started at once would hold one postback)
        setImmediate(() => void this.run())
      }
    })
  }

  private async run() {
    try {
      while (this.waiting.length) {
        // one test flag per call (the development network's money is test money)
        const test = (this.waiting[0] as Waiting).test
        const batch: Waiting[] = []
        const rest: Waiting[] = []
        for (const w of this.waiting) (w.test === test && batch.length < this.max ? batch : rest).push(w)
        this.waiting = rest
        try {
          const r = await applyConversions(
            this.s.db,
            batch.map((b) => b.input),
            { test },
          )
          await afterApply(this.s, r.changes, r.parked, this.onError)
          for (const b of batch) b.done()
        } catch (err) {
          for (const b of batch) b.done(err ?? new Error('applyConversions failed'))
        }
        // let the postbacks that arrived meanwhile be read before the next batch
        await new Promise((r) => setImmediate(r))
      }
    } finally {
      this.running = false
    }
  }
}
