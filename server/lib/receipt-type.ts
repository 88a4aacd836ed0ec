import type { FastifyReply } from 'fastify'
import type { ReceiptType } from '../../plugins/account/contract.ts'

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to))

/** HEIF brands of HEIC photos (iPhone receipts) in the `ftyp` box. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'])

/**
 * The receipt's type as its first bytes say (the magic numbers), whatever its name or the type the
 * browser sent: PNG, JPEG, WebP, HEIC or PDF; null for anything else.
 */
export function receiptTypeOf(b: Uint8Array): ReceiptType | null {
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    ascii(b, 1, 4) === 'PNG' &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a
  )
    return 'image/png'
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg'
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'image/webp'
  if (b.length >= 12 && ascii(b, 4, 8) === 'ftyp' && HEIC_BRANDS.has(ascii(b, 8, 12))) return 'image/heic'
  if (b.length >= 8 && ascii(b, 0, 5) === '%PDF-') return 'application/pdf'
  return null
}

/** The file name ending for a receipt of that type (its download). */
export const receiptExtension: Record<ReceiptType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
}

/**
 * A receipt's bytes as a reply with its type: `attachment` (the member's download) or `inline` (the
 * staff console shows it). Never sniffed, never cached; sandboxed, but for a PDF shown inline (a
 * browser's PDF viewer does not open in a sandbox: the API's own policy, default-src 'none', stays).
 */
export function receiptReply(
  reply: FastifyReply,
  r: { bytes: Buffer; type: string },
  id: number,
  disposition: 'attachment' | 'inline',
): Buffer {
  const ext = receiptExtension[r.type as ReceiptType] ?? 'bin'
  reply
    .type(r.type)
    .header('content-disposition', `${disposition}; filename="receipt-${id}.${ext}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
  if (disposition === 'attachment' || r.type !== 'application/pdf')
    reply.header('content-security-policy', "default-src 'none'; sandbox")
  return r.bytes
}
