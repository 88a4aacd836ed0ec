import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'

const MIN_BYTES = 1400

/**
 * Compresses JSON and HTML replies bigger than one packet when the client accepts it (brotli at a
 * fast level, else gzip). Static assets are not touched: the build ships .br and .gz copies of them.
 */
export function compressReplies(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' || Buffer.byteLength(payload) < MIN_BYTES) return payload
    if (reply.getHeader('content-encoding')) return payload
    const type = String(reply.getHeader('content-type') ?? '')
    if (!/json|html|text\/plain/.test(type)) return payload
    const accept = String(req.headers['accept-encoding'] ?? '')
    const vary = reply.getHeader('vary')
    reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    if (/\bbr\b/.test(accept)) {
      reply.header('Content-Encoding', 'br').removeHeader('content-length')
      return brotliCompressSync(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    }
    if (/\bgzip\b/.test(accept)) {
      reply.header('Content-Encoding', 'gzip').removeHeader('content-length')
      return gzipSync(payload, { level: 5 })
    }
    return payload
  })
}
