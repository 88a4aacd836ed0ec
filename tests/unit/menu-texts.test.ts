/**
 * A side menu's labels come from small '<plugin>-menu' namespaces (issue 30): a page under the account
 * menu loads the few labels of each plugin with an entry, not every such plugin's whole texts (the
 * coins and protection namespaces were 6.6 KB gzip of a member's first screen for three labels).
 */
import { describe, expect, it } from 'vitest'
import { createRegistry } from '../../src/plugin/registry'
import { plugins } from '../fixtures/brand-module'

const registry = createRegistry(plugins)
const menu = registry.menus.get('account') ?? []

const textOf = (texts: Record<string, unknown>, key: string): unknown =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], texts)

describe("the account menu's labels (issue 30)", () => {
  it('has entries of several plugins', () => {
    const owners = new Set(menu.map((e) => e.label.split(':')[0]))
    expect(owners.size).toBeGreaterThanOrEqual(3)
  })

  it.each(menu.map((e) => [e.route, e.label] as const))(
    "%s's label %s is in a '<plugin>-menu' namespace, not a plugin's whole texts, in English and Spanish",
    async (_route, label) => {
      const [ns, key] = label.split(':') as [string, string]
      expect(ns).toMatch(/^[a-z][a-z0-9]*-menu$/)
      expect(plugins.map((p) => p.name)).not.toContain(ns)
      const loaders = registry.locales.get(ns)!
      for (const lng of ['en', 'es']) {
        const text = textOf((await loaders[lng]!()).default, key)
        expect(typeof text, `${lng} ${label}`).toBe('string')
        expect((text as string).length, `${lng} ${label}`).toBeGreaterThan(0)
      }
    },
  )

  it('their namespaces together are a small part of the texts the owning plugins ship', async () => {
    const size = async (ns: string) => JSON.stringify((await registry.locales.get(ns)!.en!()).default).length
    const menuNs = [...new Set(menu.map((e) => e.label.split(':')[0]!))]
    const owners = menuNs.map((ns) => ns.replace(/-menu$/, ''))
    const labels = (await Promise.all(menuNs.map(size))).reduce((a, b) => a + b, 0)
    const whole = (await Promise.all(owners.map(size))).reduce((a, b) => a + b, 0)
    expect(labels * 10).toBeLessThan(whole)
  })
})
