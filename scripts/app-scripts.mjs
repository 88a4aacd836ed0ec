// The scripts a built index.html starts the app with. They are not script tags: the inline loader
// (id "app-loader", rsbuild.config.ts pluginScriptsAfterPaint) adds them once the page has painted.
// `entry`: the entry scripts, in order; `preload`: the chunks it preloads beside them. Paths without
// the leading slash, as they sit in the dist folder. Used by the bench and the bundle tests.
export function appScripts(html) {
  const loader = html.match(/<script[^>]*\bid="app-loader"[^>]*>([\s\S]*?)<\/script>/)
  if (!loader) throw new Error('index.html has no app loader (id="app-loader")')
  const lists = loader[1].match(/var s=(\[[^\]]*\]),p=(\[[^\]]*\])/)
  if (!lists) throw new Error('the app loader has no script lists')
  const strip = (xs) => JSON.parse(xs).map((x) => x.replace(/^\//, ''))
  return { entry: strip(lists[1]), preload: strip(lists[2]) }
}
