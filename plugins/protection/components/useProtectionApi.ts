import { useMemo } from 'react'
import { useServices } from '../../../src/index'
import { type ProtectionApi, protectionApi } from '../api'

/** The plugin's calls with the app's HTTP client and config. */
export function useProtectionApi(): ProtectionApi {
  const services = useServices()
  return useMemo(() => protectionApi(services), [services])
}
