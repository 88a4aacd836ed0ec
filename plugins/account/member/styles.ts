import { surface } from '@core'
import css from './member.module.css'

/** This part's style sheet and the core's boxes (card, success, alert) under one name. */
const s: Readonly<Record<string, string>> = { ...surface, ...css }
export default s
