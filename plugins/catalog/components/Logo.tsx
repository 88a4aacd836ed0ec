/** A merchant's logo file (config names it; generated monograms where no artwork exists). */
export function Logo({ src, color, size = 56 }: { src: string; color?: string; size?: number }) {
  return (
    <span
      style={{
        width: size,
        height: size,
        background: color ?? 'var(--c-border)',
        borderRadius: 12,
        flex: 'none',
        display: 'inline-flex',
        overflow: 'hidden',
      }}
    >
      <img src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />
    </span>
  )
}
