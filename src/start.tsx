/**
 * The app's start (src/main.tsx evaluates this module last, in a task of its own): boot the plugins
 * with the brand's config, then render the first screen into the root.
 */
import { loadConfig, pluginSteps } from '@brand'
import { startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App, createAppRouter } from './App'
import { boot } from './boot'
import { revealApp } from './first-paint/client'
import { inTasks, yieldToMain } from './tasks/boot-tasks'

export function start(el: HTMLElement): Promise<void> {
  // the config's route table is a preloaded chunk of its own ('@brand', rsbuild.config.ts); the plugins'
  // modules are evaluated one per task
  return Promise.all([inTasks(pluginSteps), loadConfig()])
    .then(([modules, config]) =>
      boot(
        modules.map((m) => m.default),
        config,
      ),
    )
    .then(
      async (parts) => {
        // the router's set-up (it matches the page's path and starts its loaders), then the render: a task each
        const router = createAppRouter(parts, { beforeFirstLoad: yieldToMain })
        await yieldToMain()
        // A transition: React renders the first screen in short slices, so the page keeps answering input
        // (and Lighthouse's blocking time stays low) while it does.
        startTransition(() => createRoot(el).render(<App parts={parts} router={router} />))
      },
      (e) => {
        revealApp()
        el.textContent =
          'Sorry, the page could not start: please reload. / Lo sentimos, la página no pudo iniciarse: vuelva a cargarla.'
        console.error(e)
      },
    )
}
