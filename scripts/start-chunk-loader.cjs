// Build step of rsbuild.config.ts (pluginBrand), applied to each plugin's index.ts: the code a plugin
// runs or draws at start-up on every page (its `setup` imports and its layout `slots` components) goes
// into one chunk named 'start', instead of a small chunk per import. Boot loads all of them before the
// first screen anyway (src/boot.ts), so one request replaces about ten and compresses better; screens,
// parts and texts keep their own chunks. It names the chunk of each `import()` found inside the
// `setup` or `slots` property of the object given to definePlugin (webpack's webpackChunkName comment);
// an import() that already names its chunk is left alone.
// A slot component for members only (`audience: 'member'` beside its `load`, src/plugin/types.ts) is not
// drawn for a visitor, so its import goes into a chunk named 'member' instead (one for all plugins),
// loaded once a member is signed in.
// A plugin's `serverPaint` (the calls of the pages the server draws) and `memberGuards` are read by the
// Node painter alone (src/node/page-paint.tsx): the browser build gets `undefined` for them, so neither
// their code nor what only it imports weighs on the first view.
const ts = require('typescript')

const START = new Set(['setup', 'slots'])
const NODE_ONLY = new Set(['serverPaint', 'memberGuards'])

/** Whether an object literal says `audience: 'member'`. */
const forMembers = (node) =>
  ts.isObjectLiteralExpression(node) &&
  node.properties.some(
    (p) =>
      ts.isPropertyAssignment(p) &&
      p.name &&
      (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) &&
      p.name.text === 'audience' &&
      ts.isStringLiteralLike(p.initializer) &&
      p.initializer.text === 'member',
  )

/** @param {string} source */
module.exports = function startChunkLoader(source) {
  const file = ts.createSourceFile(this.resourcePath, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  /** @type {{ pos: number, chunk: string }[]} */
  const at = []
  /** @type {{ start: number, end: number }[]} the Node-only values, replaced by `undefined` */
  const nodeOnly = []
  const imports = (node, chunk = 'start') => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0]
      const before = arg ? source.slice(node.expression.end, arg.getStart(file)) : ''
      if (arg && !before.includes('webpackChunkName')) at.push({ pos: arg.getStart(file), chunk })
    }
    const inner = forMembers(node) ? 'member' : chunk
    ts.forEachChild(node, (n) => imports(n, inner))
  }
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'definePlugin' &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      for (const p of node.arguments[0].properties) {
        const name = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : ''
        if (START.has(name)) imports(p)
        if (NODE_ONLY.has(name) && ts.isPropertyAssignment(p))
          nodeOnly.push({ start: p.initializer.getStart(file), end: p.initializer.end })
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  // from the end, so each position is still where it was found
  const edits = [
    ...at.map(({ pos, chunk }) => ({ start: pos, end: pos, text: `/* webpackChunkName: "${chunk}" */ ` })),
    ...nodeOnly.map(({ start, end }) => ({ start, end, text: 'undefined' })),
  ].sort((a, b) => b.start - a.start)
  let out = source
  for (const e of edits) out = `${out.slice(0, e.start)}${e.text}${out.slice(e.end)}`
  return out
}
