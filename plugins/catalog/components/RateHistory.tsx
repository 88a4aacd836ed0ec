import { type DateTexts, dateParts, formatCents, localeOf } from '@core'
import { useId } from 'react'
import type { Rate } from '../contract'
import { useCatalogPages } from '../texts'
import { percentOf } from '../url'
import s from './catalog.module.css'

const W = 320
const H = 120
const PAD = { l: 36, r: 8, t: 8, b: 20 }

export interface RatePoint {
  date: string
  value: number
}

/** The points of the chart: the server's rate log, then today's rate, oldest first. */
export function historyPoints(
  history: RatePoint[],
  current: number,
  now = Date.now(),
): { t: number; v: number }[] {
  const pts = history
    .map((p) => ({ t: Date.parse(p.date), v: p.value }))
    .filter((p) => Number.isFinite(p.t))
    .sort((a, b) => a.t - b.t)
  pts.push({ t: Math.max(now, pts.at(-1)?.t ?? now), v: current })
  return pts
}

/**
 * The chart's dates written from the texts (the core's month names, store.historyMonth and
 * store.historyDay) as Intl writes them ('Jan 2026', '1/5/2027'; 'ene 2026', '5/1/2027'): a page's
 * first Intl format costs 60 to 270 ms on a phone (CPU x4, ICU's start), in one task of a store page's
 * take-over render. Outside years 1 to 9999, Intl writes them.
 */
export function historyMonth(d: Date, lng: string, t: DateTexts): string {
  const p = dateParts(d, t)
  if (!p) return d.toLocaleDateString(localeOf(lng), { month: 'short', year: 'numeric' })
  return t('store.historyMonth', { month: p.name, year: p.year })
}
export function historyDay(d: Date, lng: string, t: DateTexts): string {
  const p = dateParts(d, t)
  if (!p) return d.toLocaleDateString(lng)
  return t('store.historyDay', { m: p.month + 1, day: d.getDate(), year: p.year })
}

/**
 * The store's cash-back rate over the past year (what no big cash-back site shows): a step line from
 * the rate log, with the same numbers as a table for screen readers.
 */
export function RateHistory({ history, rate, best }: { history: RatePoint[]; rate: Rate; best: Rate }) {
  const { t, i18n } = useCatalogPages()
  const titleId = useId()
  const fmt = (v: number) => (rate.type === 'percent' ? percentOf(v) : formatCents(v, i18n.language))
  const pts = historyPoints(history, rate.value)
  if (pts.length < 2) return <p className={s.muted}>{t('store.noHistory')}</p>
  const t0 = pts[0]!.t
  const t1 = Math.max(pts.at(-1)!.t, t0 + 1)
  const max = Math.max(...pts.map((p) => p.v), best.value, 1)
  const x = (tt: number) => PAD.l + ((tt - t0) / (t1 - t0)) * (W - PAD.l - PAD.r)
  const y = (v: number) => PAD.t + (1 - v / max) * (H - PAD.t - PAD.b)
  let d = `M${x(pts[0]!.t).toFixed(1)},${y(pts[0]!.v).toFixed(1)}`
  for (let i = 1; i < pts.length; i++) {
    d += ` H${x(pts[i]!.t).toFixed(1)} V${y(pts[i]!.v).toFixed(1)}`
  }
  const min = Math.min(...pts.map((p) => p.v))
  const high = Math.max(...pts.map((p) => p.v))
  const date = (tt: number) => historyMonth(new Date(tt), i18n.language, t)
  const last = pts.at(-1)!
  return (
    <figure className={s.chartFigure}>
      <svg
        className={s.chart}
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={titleId}
        data-testid="rate-history"
      >
        <title id={titleId}>
          {t('store.historySummary', { low: fmt(min), high: fmt(high), now: fmt(rate.value) })}
        </title>
        <line x1={PAD.l} x2={W - PAD.r} y1={y(0)} y2={y(0)} stroke="var(--c-border)" />
        <line
          x1={PAD.l}
          x2={W - PAD.r}
          y1={y(max)}
          y2={y(max)}
          stroke="var(--c-border)"
          strokeDasharray="3 3"
        />
        <text x={PAD.l - 4} y={y(max) + 4} fontSize="10" textAnchor="end" fill="var(--c-muted)">
          {fmt(max)}
        </text>
        <text x={PAD.l - 4} y={y(0)} fontSize="10" textAnchor="end" fill="var(--c-muted)">
          {fmt(0)}
        </text>
        <path d={d} fill="none" stroke="var(--c-primary)" strokeWidth="2.5" strokeLinejoin="round" />
        <circle cx={x(last.t)} cy={y(last.v)} r="4" fill="var(--c-primary)" />
        <text x={PAD.l} y={H - 4} fontSize="10" fill="var(--c-muted)">
          {date(t0)}
        </text>
        <text x={W - PAD.r} y={H - 4} fontSize="10" textAnchor="end" fill="var(--c-muted)">
          {t('store.today')}
        </text>
      </svg>
      <table className="visually-hidden">
        <caption>{t('store.historyTable')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('store.date')}</th>
            <th scope="col">{t('store.rateCol')}</th>
          </tr>
        </thead>
        <tbody>
          {pts.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two changes may share a date
            <tr key={i}>
              <td>{i === pts.length - 1 ? t('store.today') : historyDay(new Date(p.t), i18n.language, t)}</td>
              <td>{fmt(p.v)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
