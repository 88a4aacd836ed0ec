/**
 * Events the tracking plugin answers, for any plugin to emit through `services.events` (never by
 * importing this plugin). Without the tracking plugin nobody listens and nothing happens.
 *
 * @example
 * services.events.emit('load-pixel', { transactionId: String(user.user_id), email: user.email })
 */
export interface PixelRequest {
  /** Fills {transaction_id}. */
  transactionId?: string | number
  /** Hashed into {email_hash}; put into {email} only when the member's terms allow pii. */
  email?: string
  product?: string
}

declare module '@core' {
  interface AppEvents {
    /** GET /landers/load-pixel: registration (at most once in 7 days) and conversion scripts. */
    'load-pixel': PixelRequest
    /** POST /api/load-pixels: conversion and/or global-delayed scripts. */
    'load-pixels': PixelRequest & {
      context?: string
      pixelTypes?: ('conversion' | 'globaldelayed')[]
    }
  }
}
