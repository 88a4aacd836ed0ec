import s from './badge.module.css'

/**
 * The class name of the core's round header badge: 44 px to touch, a border and the surface colour,
 * for a link or a button in the header (an unread count, a balance, an account button). Put the
 * plugin's own look beside it.
 *
 * @example <Link to="/account/notifications" className={badgeClass}>…</Link>
 */
export const badgeClass: string = s.badge as string
