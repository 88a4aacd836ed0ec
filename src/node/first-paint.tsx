/**
 * Build-time first paints (built for Node as its own rsbuild environment, run by the build's
 * rewards:first-paint step). For every path without parameters that shows, in the bare layout and
 * without a guard, a screen whose plugin gives a `firstPaint` (the entry the route resolver finds for
 * that path), and for every language, this renders the plugin's component inside the layout's frame
 * to static HTML. The server sends it in the page (server/static.ts, same resolver) until the app
 * has started and drawn the same thing (src/first-paint/client.ts), so the largest text is on screen before any
 * script runs.
 */
import { config, plugins } from '@brand'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import type { RuntimeConfig } from '../config/runtime-types'
import { createI18n } from '../i18n'
import { createRegistry } from '../plugin/registry'
import type { Plugin } from '../plugin/types'
import { routeTable } from '../routing/resolve'
import s from '../ui/layout.module.css'
import { themeCss } from '../ui/theme'

export interface FirstPaint {
  /** The page's path, exactly as in config ('/spl/spland1'). */
  path: string
  language: string
  /** The markup for the page's body, before the app's root. */
  html: string
  /** Class names the markup uses: the build links the stylesheets that define them. */
  classes: string[]
}

/** The bare layout's frame (src/ui/Layout.tsx BareLayout) without the footer, which comes with the app. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <div className={s.shell}>
      <main className={s.main}>{children}</main>
    </div>
  )
}

export async function renderFirstPaints(
  cfg: RuntimeConfig = config,
  list: readonly Plugin[] = plugins,
): Promise<FirstPaint[]> {
  const registry = createRegistry(list)
  const out: FirstPaint[] = []
  const table = routeTable(cfg)
  for (const e of table.entries) {
    if (e.kind !== 'screen' || e.layout !== 'bare' || e.guard || e.overlay || e.path.includes(':')) continue
    // only a path the router shows this entry on (the resolver, as the router and the server use it)
    if (table.resolve(e.path)?.entry !== e) continue
    const load = registry.firstPaints.get(e.screen)
    if (!load) continue
    const { default: Component } = await load()
    for (const language of cfg.app.languages) {
      const { i18n } = await createI18n({
        locales: registry.locales,
        language,
        languages: cfg.app.languages,
        namespaces: registry.textsOf(e.screen),
        report: () => {},
      })
      const body = renderToStaticMarkup(
        <I18nextProvider i18n={i18n}>
          <Frame>
            <Component config={cfg} language={language} params={{}} {...e.props} />
          </Frame>
        </I18nextProvider>,
      )
      const html = `<style nonce="CSP_NONCE_PLACEHOLDER">${themeCss(cfg)}</style>${body}`
      const classes = [...new Set([...body.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/)))]
      out.push({ path: e.path, language, html, classes })
    }
  }
  return out
}
