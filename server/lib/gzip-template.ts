import { constants, crc32, deflateRawSync } from 'node:zlib'

/**
 * A page made of fixed text, compressed once, and holes filled per response (the CSP nonce, a
 * visitor's own data), sent as one gzip stream without compressing the whole page again (issue 29:
 * a kept page at the speed of a static one). Each fixed part is raw deflate ended by a sync flush, so it
 * ends on a byte boundary and refers to nothing before it; a hole goes in as stored (uncompressed)
 * blocks; an empty final block and the gzip trailer (CRC-32 and length of the whole text) close it.
 */
export class GzipTemplate {
  private fixed: { text: Buffer; deflated: Buffer }[]

  /** `parts[i]` comes before hole i; there is one part more than holes. */
  constructor(parts: readonly string[]) {
    this.fixed = parts.map((p) => {
      const text = Buffer.from(p, 'utf8')
      return { text, deflated: deflateRawSync(text, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }) }
    })
  }

  get holes() {
    return this.fixed.length - 1
  }

  /** The gzip bytes of the parts with `holes` between them. */
  render(holes: readonly string[]): Buffer {
    if (holes.length !== this.holes)
      throw new Error(`GzipTemplate: ${this.holes} holes, ${holes.length} given`)
    const out: Buffer[] = [HEADER]
    let crc = 0
    let size = 0
    this.fixed.forEach((f, i) => {
      out.push(f.deflated)
      crc = crc32(f.text, crc)
      size += f.text.length
      const hole = holes[i]
      if (hole === undefined || hole === '') return
      const bytes = Buffer.from(hole, 'utf8')
      crc = crc32(bytes, crc)
      size += bytes.length
      for (let at = 0; at < bytes.length; at += STORED_MAX)
        out.push(stored(bytes.subarray(at, at + STORED_MAX)))
    })
    const trailer = Buffer.alloc(8)
    trailer.writeUInt32LE(crc >>> 0, 0)
    trailer.writeUInt32LE(size >>> 0, 4)
    out.push(FINAL, trailer)
    return Buffer.concat(out)
  }
}

/** gzip member header: deflate, no name, no time, Unix (RFC 1952). */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3])
/** An empty final block with fixed codes (BFINAL 1, BTYPE 01, end of block), as zlib ends a stream. */
const FINAL = Buffer.from([0x03, 0x00])
const STORED_MAX = 0xffff

/** A stored block (BFINAL 0, BTYPE 00) on a byte boundary: LEN, NLEN, the bytes (RFC 1951 3.2.4). */
function stored(bytes: Buffer): Buffer {
  const head = Buffer.alloc(5)
  head[0] = 0
  head.writeUInt16LE(bytes.length, 1)
  head.writeUInt16LE(~bytes.length & 0xffff, 3)
  return Buffer.concat([head, bytes])
}
