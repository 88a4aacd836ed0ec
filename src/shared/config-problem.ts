/**
 * A problem of a config file, said so a marketer can act on it, and how it prints: used by
 * config:check (src/node/config-check/) and by the server where it reads a config file itself.
 */

/** One thing wrong in a config file, said so a marketer can act on it. */
export interface Problem {
  file: string
  path: string
  message: string
}

export function formatProblem(p: Problem): string {
  return `${p.file}${p.path ? ` at ${p.path}` : ''}: ${p.message}`
}

/** Turns zod's issue path into a JSON path a person can find: routes[3].screen */
export function jsonPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`
    else out += out ? `.${String(seg)}` : String(seg)
  }
  return out
}
