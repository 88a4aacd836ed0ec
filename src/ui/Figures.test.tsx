import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Figures, Lead } from './Figures'

describe('Figures', () => {
  it('shows each figure as a term and its value, in order, with the test ids given', () => {
    render(
      <Figures
        testId="totals"
        items={[
          { label: 'Pending', value: '$1.00', testId: 'pending' },
          { label: 'Payable', value: <strong>$2.50</strong> },
        ]}
      />,
    )
    const list = screen.getByTestId('totals')
    expect(list.tagName).toBe('DL')
    expect(
      within(list)
        .getAllByRole('term')
        .map((x) => x.textContent),
    ).toEqual(['Pending', 'Payable'])
    expect(
      within(list)
        .getAllByRole('definition')
        .map((x) => x.textContent),
    ).toEqual(['$1.00', '$2.50'])
    expect(screen.getByTestId('pending').textContent).toBe('$1.00')
  })

  it('Lead is a paragraph of the text it is given', () => {
    render(<Lead>What this page is for.</Lead>)
    expect(screen.getByText('What this page is for.').tagName).toBe('P')
  })
})
