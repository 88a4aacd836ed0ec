import { useServices } from '@core'
import { useMemo } from 'react'
import { type ProtectionApi, protectionApi } from '../api'

/** The plugin's calls with the app's HTTP client and config. */
export function useProtectionApi(): ProtectionApi {
  const services = useServices()
  return useMemo(() => protectionApi(services), [services])
}
