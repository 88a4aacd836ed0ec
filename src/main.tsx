import { loadConfig, plugins } from '@brand'
import { startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App, createAppRouter } from './App'
import { boot, markBoot } from './boot'
import { revealApp } from './first-paint/client'
import './ui/tokens.css'

markBoot('entry')
const el = document.getElementById('root')!
// the config's route table is a preloaded chunk of its own ('@brand', rsbuild.config.ts)
boot(plugins, loadConfig()).then(
  // A transition: React renders the first screen in short slices, so the page keeps answering input
  // (and Lighthouse's blocking time stays low) while it does.
  (parts) =>
    startTransition(() => createRoot(el).render(<App parts={parts} router={createAppRouter(parts)} />)),
  (e) => {
    revealApp()
    el.textContent =
      'Sorry, the page could not start: please reload. / Lo sentimos, la página no pudo iniciarse: vuelva a cargarla.'
    console.error(e)
  },
)
