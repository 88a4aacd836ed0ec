import { surface } from '@core'
import css from './protection.module.css'

/** The protection style sheet and the core's boxes (card, success, alert, tile, tiles) under one name; ours win a clash. */
const s: Readonly<Record<string, string>> = { ...surface, ...css }
export default s
