import s from './surface.module.css'

/**
 * Class names of the core's boxes: `card` (content on the surface colour), `success` (something done),
 * `alert` (something went wrong). For a plugin element that is one of these without a core component.
 *
 * @example <section className={surface.card}>…</section>
 */
export const surface: { readonly card: string; readonly success: string; readonly alert: string } = {
  card: s.card as string,
  success: s.success as string,
  alert: s.alert as string,
}
