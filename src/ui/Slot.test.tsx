import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { definePlugin } from '../plugin/define'
import { createRegistry } from '../plugin/registry'
import type { RootLike, Services } from '../plugin/types'
import { AppProvider } from '../state/context'
import { preloadSlots, Slot } from './Slot'

const Nav = () => <a href="/stores">Stores</a>
const Actions = () => <button type="button">Sign in</button>
const loadNav = async () => ({ default: Nav })
const loadActions = async () => ({ default: Actions })
const registry = createRegistry([
  definePlugin({ name: 'shop', slots: { 'header.nav': loadNav, 'header.actions': loadActions } }),
])
const app = (name: 'header.nav' | 'header.actions') => (
  <AppProvider value={{ registry, store: {} as RootLike, services: {} as Services }}>
    <Slot name={name} />
  </AppProvider>
)

describe('Slot (the header does not grow after the first frame)', () => {
  it('a preloaded slot component is in the first render', async () => {
    await preloadSlots(registry.slots.get('header.nav')!)
    render(app('header.nav'))
    // synchronously: no suspended first frame
    expect(screen.getByRole('link', { name: 'Stores' })).toBeTruthy()
  })
  it('one not preloaded arrives after its chunk', async () => {
    render(app('header.actions'))
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull()
    await act(async () => {})
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy()
  })
})
