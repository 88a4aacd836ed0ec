import { useEffect } from 'react'
import { useServices } from '../state/context'

/** Sets the tab title to "<title> · <brand>" while the screen is shown. */
export function useDocumentTitle(title: string | undefined): void {
  const { config } = useServices()
  useEffect(() => {
    document.title = title ? `${title} · ${config.brand.name}` : config.brand.name
  }, [title, config.brand.name])
}
