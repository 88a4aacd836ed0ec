import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { RuntimeConfig } from '../config/runtime-types'
import { createRegistry } from '../plugin/registry'
import type { RootLike, Services } from '../plugin/types'
import { AppProvider } from '../state/context'
import { pathTo, RouteLink, routeAt, samePage, usePath } from './names'

const config = {
  routes: [
    { path: '/', screen: 'shop/Home', layout: 'main', props: {}, name: 'home' },
    { path: '/stores/:category', screen: 'shop/Stores', layout: 'main', props: {}, name: 'stores-category' },
    { path: '/account/history', screen: 'cash/History', layout: 'main', props: {}, name: 'cash-history' },
    { path: '/account/history/:id', screen: 'cash/Entry', layout: 'main', props: {}, name: 'cash-entry' },
    {
      path: '/mobile-safari/installed/:page?',
      screen: 'shop/Installed',
      layout: 'bare',
      props: {},
      name: 'installed',
    },
  ],
  redirects: [{ from: '/account', to: '/account/history', keepQuery: true, name: 'account' }],
  landers: null,
  absent: ['/plus'],
} as unknown as RuntimeConfig

function Show() {
  return (
    <p>
      {usePath('cash-entry', { id: '3' })} {String(usePath('plus'))}
    </p>
  )
}

function withApp(node: React.ReactNode) {
  const services = { config } as Services
  return render(
    <AppProvider value={{ registry: createRegistry([]), store: {} as RootLike, services }}>
      <MemoryRouter>{node}</MemoryRouter>
    </AppProvider>,
  )
}

describe('routes by name (routes.json and redirects.json `name`)', () => {
  it('pathTo gives the path of a named route or redirect, its params filled and encoded', () => {
    expect(pathTo(config, 'home')).toBe('/')
    expect(pathTo(config, 'account')).toBe('/account')
    expect(pathTo(config, 'stores-category', { category: 'food & drink' })).toBe('/stores/food%20%26%20drink')
    expect(pathTo(config, 'installed')).toBe('/mobile-safari/installed')
    expect(pathTo(config, 'installed', { page: '2' })).toBe('/mobile-safari/installed/2')
  })
  it('pathTo gives null for a name this brand does not ship (its plugin is off)', () => {
    expect(pathTo(config, 'plus')).toBeNull()
  })
  it('routeAt names the route a path is, with its params, through the resolver (case and trailing slash as it does)', () => {
    expect(routeAt(config, '/ACCOUNT/History/')).toEqual({ name: 'cash-history', params: {} })
    expect(routeAt(config, '/account/history/7')).toEqual({ name: 'cash-entry', params: { id: '7' } })
    expect(routeAt(config, '/Account')?.name).toBe('account')
    expect(routeAt(config, '/plus')).toBeUndefined()
    expect(routeAt(config, '/nowhere/at/all')).toBeUndefined()
  })
  it('samePage: two paths are the same page when the resolver gives the same route and params (case aside)', () => {
    expect(samePage(config, '/account/history', '/ACCOUNT/History/')).toBe(true)
    expect(samePage(config, '/stores/Food', '/stores/food')).toBe(true)
    expect(samePage(config, '/stores/food', '/stores/travel')).toBe(false)
    expect(samePage(config, '/account/history', '/account/history/7')).toBe(false)
    expect(samePage(config, '/plus', '/plus')).toBe(false)
  })
  it('<RouteLink> links by name and renders nothing for a route this brand does not ship', () => {
    withApp(
      <>
        <RouteLink route="stores-category" params={{ category: 'food' }} className="x">
          Food
        </RouteLink>
        <RouteLink route="plus">Plus</RouteLink>
      </>,
    )
    const link = screen.getByRole('link', { name: 'Food' })
    expect(link.getAttribute('href')).toBe('/stores/food')
    expect(link.className).toBe('x')
    expect(screen.queryByText('Plus')).toBeNull()
  })
  it('usePath gives the path of a name in a component, null when absent', () => {
    withApp(<Show />)
    expect(screen.getByText('/account/history/3 null')).not.toBeNull()
  })
})
