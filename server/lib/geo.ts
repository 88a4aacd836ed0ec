import type { FastifyRequest } from 'fastify'
import type { Services } from '../services.ts'

/** The IP's country: from the CDN's x-country-code header when trusted, else 'US' (loopback, unknown). */
export function ipCountry(req: FastifyRequest, s: Services): string {
  if (s.trustGeoHeader) {
    const h = req.headers['x-country-code']
    const v = Array.isArray(h) ? h[0] : h
    if (v && /^[A-Za-z]{2}$/.test(v)) return v.toUpperCase()
  }
  return 'US'
}
