import { HttpError } from '@core'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { type FakeGet, fakeServices, makeI18n, renderWith } from '../test-utils'
import NewsPage from './NewsPage'
import NewsPostPage from './NewsPostPage'

const item = (n: number) => ({
  slug: `post-${n}`,
  title: `Post ${n}`,
  summary: `Summary ${n}`,
  published_at: '2026-03-05T10:00:00.000Z',
})

describe('NewsPage', () => {
  it('lists a page, loads more while has_more, and formats dates for the language', async () => {
    const get = vi.fn<FakeGet>(async (_url, cfg) => {
      const page = Number(cfg?.params?.page)
      return page === 1
        ? { data: [item(1), item(2)], page: 1, has_more: true }
        : { data: [item(3)], page: 2, has_more: false }
    })
    renderWith(<NewsPage />, { i18n: await makeI18n(), services: fakeServices({ get }) })
    expect(screen.getByTestId('news-loading')).toBeTruthy()
    await screen.findByText('Post 1')
    expect(get).toHaveBeenCalledWith(
      '/api/news',
      expect.objectContaining({ params: { page: 1, lang: 'en' } }),
    )
    expect(screen.getAllByText('March 5, 2026')).toHaveLength(2)
    expect(screen.getByRole('link', { name: 'Post 2' }).getAttribute('href')).toBe('/news/post-2')
    fireEvent.click(screen.getByRole('button', { name: 'Load more news' }))
    await screen.findByText('Post 3')
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
    expect(screen.queryByRole('button', { name: 'Load more news' })).toBeNull()
  })

  it('shows an empty state', async () => {
    const get = vi.fn<FakeGet>(async () => ({ data: [], page: 1, has_more: false }))
    renderWith(<NewsPage />, { i18n: await makeI18n(), services: fakeServices({ get }) })
    await screen.findByText('There is no news yet. Check back soon.')
  })

  it('shows an error with a Retry that loads again', async () => {
    const get = vi
      .fn<FakeGet>()
      .mockRejectedValueOnce(new HttpError('Network Error', 'network'))
      .mockResolvedValue({ data: [item(1)], page: 1, has_more: false })
    renderWith(<NewsPage />, { i18n: await makeI18n(), services: fakeServices({ get }) })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain("couldn't load the news")
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByText('Post 1')
  })

  it('loads again in Spanish when the language changes', async () => {
    const get = vi.fn<FakeGet>(async (_u, cfg) => ({
      data: [{ ...item(1), title: cfg?.params?.lang === 'es' ? 'Noticia 1' : 'Post 1' }],
      page: 1,
      has_more: false,
    }))
    const i18n = await makeI18n()
    renderWith(<NewsPage />, { i18n, services: fakeServices({ get }) })
    await screen.findByText('Post 1')
    await act(() => i18n.changeLanguage('es'))
    await screen.findByText('Noticia 1')
    expect(screen.getByText('5 de marzo de 2026')).toBeTruthy()
  })
})

describe('NewsPostPage', () => {
  it('shows the post with its body', async () => {
    const get = vi.fn<FakeGet>(async () => ({ data: { ...item(7), body: ['First.', 'Second.'] } }))
    renderWith(<NewsPostPage params={{ slug: 'post-7' }} />, {
      i18n: await makeI18n(),
      services: fakeServices({ get }),
    })
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Post 7')
    expect(get).toHaveBeenCalledWith('/api/news/post-7', expect.objectContaining({ params: { lang: 'en' } }))
    expect(screen.getByText('Second.')).toBeTruthy()
    expect(screen.getByRole('link', { name: /All news/ }).getAttribute('href')).toBe('/news')
  })

  it('says clearly when the post does not exist (404)', async () => {
    const get = vi.fn<FakeGet>(async () => {
      throw new HttpError('Request failed with status code 404', 'status', 404)
    })
    renderWith(<NewsPostPage params={{ slug: 'nope' }} />, {
      i18n: await makeI18n(),
      services: fakeServices({ get }),
    })
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Story not found')
  })

  it('offers Retry on other errors', async () => {
    const get = vi
      .fn<FakeGet>()
      .mockRejectedValueOnce(new HttpError('Request failed with status code 500', 'status', 500))
      .mockResolvedValue({ data: { ...item(8), body: ['Body.'] } })
    renderWith(<NewsPostPage params={{ slug: 'post-8' }} />, {
      i18n: await makeI18n(),
      services: fakeServices({ get }),
    })
    await screen.findByRole('alert')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Post 8'))
  })
})
