import { surface } from '@core'
import css from './coins.module.css'

/** The coins style sheet and the core's boxes (card, success, tile, tiles) under one name; ours win a clash. */
const s: Readonly<Record<string, string>> = { ...surface, ...css }
export default s
