import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { sheetIndex, sheetsFor } from './paint-css'

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A built web folder with these stylesheets under static/css. */
function built(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'paint-css-'))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, 'static/css', name, '..'), { recursive: true })
    writeFileSync(join(dir, 'static/css', name), text)
  }
  return dir
}

describe("a first paint's stylesheets (issue 30: the app's take-over fetches none the page already has)", () => {
  it('keeps one of identical sheets, with the URLs of its copies; index.html’s own sheet is apart', () => {
    const web = built({
      'index.css': '.frame{}',
      'async/a.css': '.list{color:red}',
      'async/b.css': '.list{color:red}',
      'async/c.css': '.list{color:red}',
      'async/d.css': '.store{color:blue}.other{}',
    })
    const index = sheetIndex(web, '<link href="/static/css/index.css" rel="stylesheet">')
    expect(index.linkedText).toBe('.frame{}')
    expect(index.others).toEqual([
      {
        url: '/static/css/async/a.css',
        text: '.list{color:red}',
        copies: ['/static/css/async/b.css', '/static/css/async/c.css'],
      },
      { url: '/static/css/async/d.css', text: '.store{color:blue}.other{}', copies: [] },
    ])
    // the classes pick the kept sheet; the frame's class needs none
    expect(sheetsFor(['frame', 'list', 'store'], index)).toEqual([
      '/static/css/async/a.css',
      '/static/css/async/d.css',
    ])
  })
})
