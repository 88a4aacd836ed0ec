import { describe, expect, it } from 'vitest'
import { receiptTypeOf } from './receipt-type.ts'

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))))

describe('receiptTypeOf: the type by the first bytes', () => {
  it('knows PNG, JPEG, WebP, HEIC and PDF by their magic numbers', () => {
    expect(receiptTypeOf(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'rest'))).toBe('image/png')
    expect(receiptTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg')
    expect(receiptTypeOf(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp')
    expect(receiptTypeOf(bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]))).toBe('image/heic')
    expect(receiptTypeOf(bytes('%PDF-1.7\n%%EOF\n'))).toBe('application/pdf')
  })

  it('refuses text, a zip, an MP4 and an empty file, whatever they are called', () => {
    expect(receiptTypeOf(bytes('this is not a PDF, only named receipt.pdf'))).toBeNull()
    expect(receiptTypeOf(bytes('PK', [3, 4], 'zip'))).toBeNull()
    expect(receiptTypeOf(bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 0, 0]))).toBeNull()
    expect(receiptTypeOf(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(receiptTypeOf(new Uint8Array(0))).toBeNull()
  })
})
