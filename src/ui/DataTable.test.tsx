import { fireEvent, render, screen, within } from '@testing-library/react'
import type { TFunction } from 'i18next'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { DataTable, Pager, pageCount, pageParam } from './DataTable'
import { LoadView } from './useLoad'

type Row = { id: number; name: string; cents: number }
const rows: Row[] = [
  { id: 1, name: 'Shop A', cents: 120 },
  { id: 2, name: 'Shop B', cents: 30 },
]

describe('DataTable', () => {
  it('draws column headers with their scope, one row per record, numbers right-aligned, and a caption', () => {
    render(
      <DataTable
        rows={rows}
        rowKey={(r) => r.id}
        label="History"
        caption="Page 1 of 1"
        testId="table"
        rowProps={(r) => ({ 'data-testid': `row-${r.id}` })}
        columns={[
          { key: 'name', header: 'Store', cell: (r) => r.name },
          { key: 'amount', header: 'Amount', numeric: true, cell: (r) => `$${(r.cents / 100).toFixed(2)}` },
        ]}
      />,
    )
    const region = screen.getByRole('region', { name: 'History' })
    expect(region.getAttribute('tabindex')).toBe('0')
    const table = within(region).getByTestId('table')
    expect(within(table).getByText('Page 1 of 1').tagName).toBe('CAPTION')
    const headers = within(table).getAllByRole('columnheader')
    expect(headers.map((h) => [h.textContent, h.getAttribute('scope')])).toEqual([
      ['Store', 'col'],
      ['Amount', 'col'],
    ])
    expect(
      within(screen.getByTestId('row-2'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Shop B', '$0.30'])
    // the number column has a class of its own; the text column does not
    const [nameCell, amountCell] = within(screen.getByTestId('row-1')).getAllByRole('cell')
    expect(amountCell!.className).not.toBe('')
    expect(nameCell!.className).toBe('')
  })
})

describe('Pager', () => {
  const t = ((key: string, o?: { page: number; pages: number }) =>
    o ? `${key} ${o.page}/${o.pages}` : key) as unknown as TFunction

  it('links the previous and next pages and says which page this is', () => {
    render(
      <MemoryRouter>
        <Pager page={2} pages={3} href={(n) => `?page=${n}`} t={t} />
      </MemoryRouter>,
    )
    const nav = screen.getByRole('navigation', { name: 'history.paging' })
    expect(within(nav).getByRole('link', { name: 'history.previous' }).getAttribute('href')).toBe('/?page=1')
    expect(within(nav).getByRole('link', { name: 'history.next' }).getAttribute('href')).toBe('/?page=3')
    expect(nav.textContent).toContain('history.pageOf 2/3')
  })

  it('shows no previous link on the first page and nothing at all for a single page', () => {
    const { rerender } = render(
      <MemoryRouter>
        <Pager page={1} pages={2} href={(n) => `?page=${n}`} t={t} />
      </MemoryRouter>,
    )
    expect(screen.queryByRole('link', { name: 'history.previous' })).toBeNull()
    expect(screen.getByRole('link', { name: 'history.next' })).toBeTruthy()
    rerender(
      <MemoryRouter>
        <Pager page={1} pages={1} href={(n) => `?page=${n}`} t={t} />
      </MemoryRouter>,
    )
    expect(screen.queryByRole('navigation')).toBeNull()
  })
})

describe('LoadView', () => {
  it('shows grey rows while the first load runs, announced as loading', () => {
    render(
      <LoadView load={{ status: 'loading', retry: () => {} }} rows={3}>
        {() => <p>content</p>}
      </LoadView>,
    )
    const status = screen.getByRole('status')
    expect(status.getAttribute('aria-busy')).toBe('true')
    expect(status.querySelectorAll('[aria-hidden="true"]').length).toBe(3)
    expect(screen.queryByText('content')).toBeNull()
  })

  it('shows the failure with a retry that loads again, and keeps the last data shown', () => {
    let retried = 0
    render(
      <LoadView
        load={{ status: 'error', error: new Error('boom'), data: 'old', retry: () => retried++ }}
        what="The list could not be loaded."
      >
        {(d) => <p>data {d}</p>}
      </LoadView>,
    )
    expect(screen.getByRole('alert').textContent).toContain('The list could not be loaded.')
    expect(screen.getByText('data old')).toBeTruthy()
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button'))
    expect(retried).toBe(1)
  })

  it('renders the content with the data once loaded, without a skeleton', () => {
    render(
      <LoadView load={{ status: 'success', data: 7, retry: () => {} }}>{(n) => <p>count {n}</p>}</LoadView>,
    )
    expect(screen.getByText('count 7')).toBeTruthy()
    expect(screen.queryByRole('status')).toBeNull()
  })
})

describe('the page of a paged list', () => {
  it('reads the page the address asks for, 1 when it is absent, below 1 or not a number', () => {
    const at = (q: string, name?: string) => pageParam(new URLSearchParams(q), name)
    expect(at('page=3')).toBe(3)
    expect(at('')).toBe(1)
    expect(at('page=0')).toBe(1)
    expect(at('page=-2')).toBe(1)
    expect(at('page=abc')).toBe(1)
    expect(at('purchases=2&page=5', 'purchases')).toBe(2)
  })

  it('counts the pages of a paged reply: at least one, the last one partly full', () => {
    expect(pageCount({ total: 41, per_page: 20 })).toBe(3)
    expect(pageCount({ total: 40, per_page: 20 })).toBe(2)
    expect(pageCount({ total: 0, per_page: 20 })).toBe(1)
    expect(pageCount(undefined)).toBe(1)
  })
})
