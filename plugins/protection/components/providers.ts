/**
 * The providers' own names (brand names: never translated), for the screens that show a provider
 * without the providers list (a notice, the link result). The accounts page uses the server's names.
 */
const NAMES: Readonly<Record<string, string>> = {
  amazon: 'Amazon',
  walmart: 'Walmart',
  target: 'Target',
  bestbuy: 'Best Buy',
  doordash: 'DoorDash',
  ubereats: 'Uber Eats',
  instacart: 'Instacart',
  grubhub: 'Grubhub',
  uber: 'Uber',
  lyft: 'Lyft',
  netflix: 'Netflix',
  spotify: 'Spotify',
  expedia: 'Expedia',
}

/** A provider's name by id; null for an id this client does not know. */
export function knownProviderName(id: string | null | undefined): string | null {
  return id && Object.hasOwn(NAMES, id) ? (NAMES[id] ?? null) : null
}

/** A provider's name by id (the id itself for one this client does not know). */
export const providerName = (id: string): string => knownProviderName(id) ?? id
