import { config } from '@brand'
import { describe, expect, it } from 'vitest'
import { skipTo } from './OnboardingPage'

describe("the onboarding's skip (where the member was going)", () => {
  it('goes to the page named by ?next=, query and hash kept', () => {
    expect(skipTo(config, '/stores/food?sort=new#top')).toBe('/stores/food?sort=new#top')
  })
  it('goes home for no next, another origin, or the onboarding page itself as the resolver knows it', () => {
    expect(skipTo(config, null)).toBe('/')
    expect(skipTo(config, '//evil.example/x')).toBe('/')
    expect(skipTo(config, '/account/onboarding')).toBe('/')
    expect(skipTo(config, '/Account/Onboarding/')).toBe('/')
  })
})
