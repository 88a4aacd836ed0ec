import { surface } from '@core'
import coins from '../coins.module.css'
import css from './profile.module.css'

/** The survey profile screens: the core's boxes, the coins style sheet, and their own few rules. */
const s: Readonly<Record<string, string>> = { ...surface, ...coins, ...css }
export default s
