/**
 * What the entry needs before anything else is evaluated (src/main.tsx): a module of its own that
 * imports nothing, so the entry can run it before the libraries and the app are evaluated.
 */

/**
 * A start-up mark on the page's performance timeline ('boot:<step>'), for measuring what runs before
 * the first screen (DevTools' Timings track, `performance.getEntriesByType('mark')`).
 */
export function markBoot(step: string): void {
  globalThis.performance?.mark?.(`boot:${step}`)
}

/** Ends the current task: what follows runs in a new one, after pending input and rendering. */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * Runs the steps one after another, each in a task of its own (the page answers input and paints
 * between them), and resolves to their results in order. A step's failure rejects, and no later step
 * runs. The entry evaluates the app this way: a module's code runs when its import is called, and
 * one task per library, and then per plugin, keeps each short on a phone.
 */
export async function inTasks<T>(steps: readonly (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = []
  for (const step of steps) {
    await yieldToMain()
    out.push(await step())
  }
  return out
}
