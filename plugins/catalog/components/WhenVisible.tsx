import { type ReactNode, useEffect, useRef, useState } from 'react'
import s from './catalog.module.css'

/** Renders its children once the place comes near the screen: below-the-fold parts load on demand. */
export function WhenVisible({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el || seen) return
    if (typeof IntersectionObserver === 'undefined') return setSeen(true)
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true)
          io.disconnect()
        }
      },
      { rootMargin: '300px' },
    )
    io.observe(el)
    return () => io.disconnect()
  }, [seen])
  return seen ? children : <div ref={ref} className={s.notYetVisible} aria-hidden="true" />
}
