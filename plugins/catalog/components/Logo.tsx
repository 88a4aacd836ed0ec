import type { CSSProperties } from 'react'
import s from './catalog.module.css'

/** A merchant's logo file (config names it; generated monograms where no artwork exists). */
export function Logo({ src, color, size = 56 }: { src: string; color?: string; size?: number }) {
  return (
    <span
      className={s.logo}
      // the merchant's own colour is data, not design: a custom property, read by .logo
      style={color ? ({ '--logo-bg': color } as CSSProperties) : undefined}
    >
      <img src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />
    </span>
  )
}
