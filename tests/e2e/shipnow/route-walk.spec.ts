import brand from '../../../config/brands/shipnow.json' with { type: 'json' }
import { walk } from '../route-walk'

// The route walk (tests/e2e/route-walk.ts) for the shipping-partner brand.
walk('shipnow', brand)
