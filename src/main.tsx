import { config, plugins } from '@brand'
import { createRoot } from 'react-dom/client'
import { App, createAppRouter } from './App'
import { boot } from './boot'
import './ui/tokens.css'

const el = document.getElementById('root')!
boot(plugins, config).then(
  (parts) => createRoot(el).render(<App parts={parts} router={createAppRouter(parts)} />),
  (e) => {
    el.textContent =
      'Sorry, the page could not start: please reload. / Lo sentimos, la página no pudo iniciarse: vuelva a cargarla.'
    console.error(e)
  },
)
