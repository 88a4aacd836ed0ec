import { surface } from '@core'
import css from './upsell.module.css'

/** The upsell style sheet and the core's boxes (card, success, alert) under one name; ours win a clash. */
const s: Readonly<Record<string, string>> = { ...surface, ...css }
export default s
