import type { Db } from '../db/index.ts'
import { bulkInsert } from './rows.ts'

/** Pixels (scripts the client runs in a sandboxed frame). */
export async function seedPixels(db: Db) {
  await bulkInsert(db, 'pixels', [
    {
      pixel_type: 'registration',
      partner: '*',
      script: "window.dataLayer = window.dataLayer || []; window.dataLayer.push({ event: 'registration' })",
    },
    {
      pixel_type: 'conversion',
      partner: '*',
      script:
        "window.dataLayer = window.dataLayer || []; window.dataLayer.push({ event: 'conversion', transaction_id: '{transaction_id}', email_hash: '{email_hash}' })",
    },
    {
      pixel_type: 'conversion',
      partner: 'affiliate',
      script: "new Image().src = '/api/elk?action=partner_conversion&tid={transaction_id}&e={email_hash}'",
    },
    {
      pixel_type: 'globaldelayed',
      partner: '*',
      script: "window.dataLayer = window.dataLayer || []; window.dataLayer.push({ event: 'global_delayed' })",
    },
  ])
}
