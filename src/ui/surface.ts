import s from './surface.module.css'

/**
 * Class names of the core's boxes: `card` (content on the surface colour), `success` (something done),
 * `alert` (something went wrong), `tile` and `tiles` (a list of cards). For a plugin element that is one of these without a core component.
 *
 * @example <section className={surface.card}>…</section>
 */
export const surface: {
  readonly card: string
  readonly success: string
  readonly alert: string
  /** A card in a list of cards (its parts stacked) and that list (one column on a phone, two from 600 px). */
  readonly tile: string
  readonly tiles: string
  /** A status word in a small round badge (put the plugin's colour class for the status beside it). */
  readonly pill: string
} = {
  card: s.card as string,
  success: s.success as string,
  alert: s.alert as string,
  tile: s.tile as string,
  tiles: s.tiles as string,
  pill: s.pill as string,
}
