import type { FastifyInstance, FastifyReply } from 'fastify'
import { newAttemptId, sign } from './lib/coins.ts'
import { absentPages, callSelf, devPage, esc } from './lib/dev-page.ts'
import { parseCents } from './lib/networks.ts'
import type { Services } from './services.ts'

/**
 * The development network (config/networks.json, `development: true`; issue 26): it stands in for an
 * affiliate network AND its stores, so the whole cash back loop runs on one machine. A seeded store's
 * tracking link is /dev-network/shop/<program>?u1=<click id>: a checkout page. Placing an order records
 * it (dev_network_orders) and, a moment later, sends the network's signed postback to this server's
 * own /api/networks/<id>/postback over HTTP, as a real network would; its orders page approves or
 * reverses an order (another postback). Its pages are plain server-rendered HTML in English on purpose
 * ("another site", like the development survey platform); its cash back is test money.
 */

/** The stand-in network pays a plausible commission: this many times the member's cash back at the store's rate. */
const COMMISSION_TIMES_RATE = 1.5

interface Order {
  id: string
  program: string
  click_id: string
  sale_cents: number
  commission_cents: number
  status: 'pending' | 'approved' | 'reversed'
  ordered_at: Date | string
  name: string | null
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`
const isoDay = (d: Date) => d.toISOString().slice(0, 10)

export async function devNetworkRoutes(app: FastifyInstance, s: Services, opts: { delayMs: number }) {
  const id = s.networks.dev
  const n = id ? s.networks.get(id) : undefined
  const secret = id ? s.networks.secret(id) : undefined
  if (!id || !n || !secret) return devNetworkAbsent(app)
  if (n.signature.scheme !== 'hmac-sha256-query')
    throw new Error(`The development network ${id} must sign with hmac-sha256-query.`)
  const sigParam = n.signature.param
  const statusName = {
    pending: n.statuses.pending[0] as string,
    approved: n.statuses.confirmed[0] as string,
    reversed: n.statuses.reversed[0] as string,
  }

  const storeOf = (program: string) =>
    s.db.one<{ name: string; rate_type: 'percent' | 'flat'; rate_value: number }>(
      'SELECT name, rate_type, rate_value FROM stores WHERE network = $1 AND program_id = $2',
      [id, program],
    )

  function page(reply: FastifyReply, status: number, title: string, body: string) {
    return devPage(reply, {
      status,
      title,
      site: n!.label,
      banner: `${n!.label}: a stand-in for an affiliate network and its stores. Nothing is sold here, and the cash back it reports is test money.`,
      css: 'label{display:block;margin:.75rem 0}input{font:inherit;padding:.25rem .5rem;margin-left:.5rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}form.inline{display:inline}',
      width: '48rem',
      body,
    })
  }
  const notFound = (reply: FastifyReply, what: string) =>
    page(reply, 404, 'Not found', `<h1>Not found</h1><p>There is no such ${what} here.</p>`)

  /** The network's postback of an order, with the network's own field names and status, signed. */
  function postbackParams(o: Order, status: keyof typeof statusName): Record<string, string> {
    const f = n!.fields
    const amount = (cents: number) => (n!.amounts === 'cents' ? String(cents) : (cents / 100).toFixed(2))
    const at = new Date(o.ordered_at)
    return {
      ...(o.click_id ? { [f.clickId]: o.click_id } : {}),
      [f.orderId]: o.id,
      [f.sale]: amount(o.sale_cents),
      [f.commission]: amount(o.commission_cents),
      [f.currency]: 'USD',
      [f.status]: statusName[status],
      [f.eventTime]: n!.eventTime === 'unix' ? String(Math.floor(at.getTime() / 1000)) : at.toISOString(),
      ...(f.program ? { [f.program]: o.program } : {}),
    }
  }

  /** This server's own postback URL, called over HTTP like a network does (inject when not listening: tests). */
  async function deliver(params: Record<string, string>) {
    const query = new URLSearchParams({ ...params, [sigParam]: sign(params, sigParam, secret!) })
    const path = `/api/networks/${encodeURIComponent(id!)}/postback?${query}`
    return callSelf(app, path)
  }
  function later(o: Order, status: keyof typeof statusName) {
    const params = postbackParams(o, status)
    setTimeout(() => {
      deliver(params)
        .then((code) =>
          app.log.info({ status: code, network: id, order: status }, 'development network postback sent'),
        )
        .catch((err) => app.log.error({ err }, 'development network postback failed'))
    }, opts.delayMs).unref?.()
  }

  function checkout(
    program: string,
    name: string,
    v: { clickId: string; amount: string; date: string },
    error?: string,
  ) {
    return `<h1>${esc(name)}</h1>
<p>The checkout of ${esc(name)}. Placing the order reports it to this server, as the store's affiliate network does, a moment later.</p>
${error ? `<p role="alert"><strong>${esc(error)}</strong></p>` : ''}
<form method="post" action="/dev-network/shop/${encodeURIComponent(program)}">
<input type="hidden" name="${esc(n!.subIdParam)}" value="${esc(v.clickId)}">
<label>Order amount (dollars) <input name="amount" inputmode="decimal" required value="${esc(v.amount)}"></label>
<label>Order date <input type="date" name="date" required max="${isoDay(new Date())}" value="${esc(v.date)}"></label>
<p class="note">Set the date back to see an order become payable once the store's confirmation period is over.</p>
<button class="primary" type="submit">Place order</button>
</form>
<p><a href="/dev-network/orders">Orders of the development network</a></p>`
  }

  app.get<{ Params: { program: string }; Querystring: Record<string, string | undefined> }>(
    '/dev-network/shop/:program',
    async (req, reply) => {
      const st = await storeOf(req.params.program)
      if (!st) return notFound(reply, 'store')
      const clickId = String(req.query[n.subIdParam] ?? '').slice(0, 100)
      return page(
        reply,
        200,
        st.name,
        checkout(req.params.program, st.name, { clickId, amount: '100.00', date: isoDay(new Date()) }),
      )
    },
  )

  app.post<{ Params: { program: string }; Body: unknown }>(
    '/dev-network/shop/:program',
    async (req, reply) => {
      const program = req.params.program
      const st = await storeOf(program)
      if (!st) return notFound(reply, 'store')
      const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>
      const text = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : '')
      const v = { clickId: text(n.subIdParam).slice(0, 100), amount: text('amount'), date: text('date') }
      const sale = parseCents(v.amount, 'dollars')
      const today = isoDay(new Date())
      const refuse = (msg: string) => page(reply, 422, st.name, checkout(program, st.name, v, msg))
      if (sale === undefined || sale <= 0 || v.amount.trim().startsWith('-'))
        return refuse('The order amount must be an amount in dollars, like 49.99.')
      const day = /^\d{4}-\d{2}-\d{2}$/.test(v.date) ? new Date(`${v.date}T12:00:00Z`) : undefined
      if (!day || Number.isNaN(day.getTime()) || isoDay(day) !== v.date || v.date > today)
        return refuse('The order date must be a date, today or earlier.')
      // today: now; an earlier day: noon of that day (UTC)
      const orderedAt = v.date === today ? new Date() : day
      const cashback = st.rate_type === 'percent' ? (sale * st.rate_value) / 10_000 : st.rate_value
      const order: Order = {
        id: `DEV-${newAttemptId().slice(0, 12)}`,
        program,
        click_id: v.clickId,
        sale_cents: sale,
        commission_cents: Math.round(cashback * COMMISSION_TIMES_RATE),
        status: 'pending',
        ordered_at: orderedAt,
        name: st.name,
      }
      await s.db.query(
        `INSERT INTO dev_network_orders (id, program, click_id, sale_cents, commission_cents, status, ordered_at)
       VALUES ($1, $2, $3, $4, $5, 'pending', $6)`,
        [
          order.id,
          program,
          order.click_id,
          order.sale_cents,
          order.commission_cents,
          orderedAt.toISOString(),
        ],
      )
      later(order, 'pending')
      return page(
        reply,
        200,
        'Order placed',
        `<h1>Order placed</h1>
<p>Your order ${esc(order.id)} at ${esc(st.name)} for ${dollars(sale)} on ${esc(v.date)} is placed. The network reports it in a moment: your cash back shows as pending in your purchase history.</p>
<p><a href="${esc(s.publicUrl)}/">Back to the app</a></p>
<p><a href="/dev-network/orders">Orders of the development network</a> (approve or reverse this order)</p>`,
      )
    },
  )

  const ordersSql = `SELECT o.id, o.program, o.click_id, o.sale_cents, o.commission_cents, o.status, o.ordered_at, s.name
    FROM dev_network_orders o LEFT JOIN stores s ON s.network = $1 AND s.program_id = o.program`

  app.get('/dev-network/orders', async (_req, reply) => {
    const orders = await s.db.query<Order>(`${ordersSql} ORDER BY o.created_at DESC, o.id LIMIT 200`, [id])
    const rows = orders
      .map((o) => {
        const action = `/dev-network/orders/${encodeURIComponent(o.id)}`
        const buttons = (['approve', 'reverse'] as const)
          .filter((a) => (a === 'approve' ? o.status === 'pending' : o.status !== 'reversed'))
          .map(
            (a) =>
              `<form class="inline" method="post" action="${action}"><button type="submit" name="action" value="${a}">${a === 'approve' ? 'Approve' : 'Reverse'}</button></form>`,
          )
          .join('')
        return `<tr data-order="${esc(o.id)}"><td>${esc(o.id)}</td><td>${esc(o.name ?? o.program)}</td><td>${dollars(o.sale_cents)}</td><td>${dollars(o.commission_cents)}</td><td>${isoDay(new Date(o.ordered_at))}</td><td data-status="${o.status}">${o.status}</td><td>${buttons}</td></tr>`
      })
      .join('\n')
    return page(
      reply,
      200,
      'Orders',
      `<h1>Orders</h1>
<p>Approving an order tells this server the store confirmed it; reversing it, that it was returned or cancelled. Each sends the network's postback a moment later.</p>
${
  orders.length
    ? `<table><thead><tr><th>Order</th><th>Store</th><th>Amount</th><th>Commission</th><th>Ordered</th><th>Status</th><th></th></tr></thead><tbody>
${rows}
</tbody></table>`
    : '<p>No orders yet.</p>'
}
<p><a href="${esc(s.publicUrl)}/">Back to the app</a></p>`,
    )
  })

  app.post<{ Params: { order_id: string }; Body: unknown }>(
    '/dev-network/orders/:order_id',
    async (req, reply) => {
      const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>
      const to = body.action === 'approve' ? 'approved' : body.action === 'reverse' ? 'reversed' : undefined
      const o = await s.db.one<Order>(
        `UPDATE dev_network_orders SET status = $2 WHERE id = $1 ${to ? '' : 'AND false'} RETURNING id, program, click_id, sale_cents, commission_cents, status, ordered_at, NULL AS name`,
        [req.params.order_id, to ?? 'pending'],
      )
      if (!o) {
        const known = await s.db.one('SELECT 1 FROM dev_network_orders WHERE id = $1', [req.params.order_id])
        if (!known) return notFound(reply, 'order')
        return page(reply, 422, 'Orders', '<h1>Orders</h1><p>Choose approve or reverse.</p>')
      }
      later(o, to === 'approved' ? 'approved' : 'reversed')
      return reply.code(303).header('Location', '/dev-network/orders').send()
    },
  )
}

/**
 * Without the development network its pages are absent: 404, not the SPA. The same URLs are
 * registered, so the route table does not depend on it.
 */
export function devNetworkAbsent(app: FastifyInstance) {
  absentPages(app, [
    ['GET', '/dev-network/shop/:program'],
    ['POST', '/dev-network/shop/:program'],
    ['GET', '/dev-network/orders'],
    ['POST', '/dev-network/orders/:order_id'],
  ])
}
