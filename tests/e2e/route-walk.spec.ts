import brand from '../../config/brands/default.json' with { type: 'json' }
import { walk } from './route-walk'

// The route walk (tests/e2e/route-walk.ts) for the default brand; shipnow/route-walk.spec.ts walks shipnow.
walk('default', brand)
