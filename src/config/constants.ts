import json from '../../config/constants.json'
import type { Constants } from './schemas/constants'

/** SPEC section 9, from config/constants.json (validated at build time by config:check). */
export const constants: Constants = json as Constants
