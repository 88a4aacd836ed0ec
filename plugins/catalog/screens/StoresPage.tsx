import type { ScreenProps } from '@core'
import { StoreBrowser } from '../components/StoreBrowser'

/** /stores, /stores/{category}, and the plus tier's listing (route prop tier: 'plus'). */
export default function StoresPage({ params, tier }: ScreenProps) {
  return (
    <StoreBrowser
      key={`${tier}:${params.category ?? ''}`}
      category={params.category}
      plus={tier === 'plus'}
    />
  )
}
