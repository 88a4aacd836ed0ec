import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// React Testing Library runs updates inside act(); tell React this is such an environment.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

// findBy* and waitFor give up after 1 s by default. A screen or dialog that is a chunk of its own loads
// with a dynamic import, which on a 2-core machine also running the server tests took over a second
// (CI failed on it once); waiting longer changes no assertion, a test that passes passes as fast.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  localStorage.clear()
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; path=/; max-age=0`
  }
})
