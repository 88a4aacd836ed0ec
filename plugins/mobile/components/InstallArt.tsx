/**
 * The Safari install steps' drawings: a phone with what the step asks for, in the brand's colours
 * (decorative: the step's text says it all).
 */
export function InstallArt({ step }: { step: 'open' | 'notify' | 'signIn' | 'extension' }) {
  return (
    <svg viewBox="0 0 200 160" aria-hidden="true" focusable="false" data-step={step}>
      <rect
        x="60"
        y="8"
        width="80"
        height="144"
        rx="14"
        fill="var(--c-surface)"
        stroke="var(--c-text)"
        strokeWidth="3"
      />
      <rect x="86" y="16" width="28" height="5" rx="2.5" fill="var(--c-border)" />
      {step === 'open' ? (
        <>
          {[0, 1, 2].map((r) =>
            [0, 1, 2].map((c) => (
              <rect
                key={`${r}-${c}`}
                x={70 + c * 22}
                y={32 + r * 24}
                width="16"
                height="16"
                rx="4"
                fill={r === 1 && c === 1 ? 'var(--c-primary)' : 'var(--c-border)'}
              />
            )),
          )}
          <circle cx="100" cy="64" r="16" fill="none" stroke="var(--c-accent)" strokeWidth="3" />
        </>
      ) : null}
      {step === 'notify' ? (
        <>
          <rect x="66" y="34" width="68" height="30" rx="6" fill="var(--c-border)" />
          <rect x="72" y="42" width="40" height="5" rx="2.5" fill="var(--c-text)" />
          <rect x="72" y="52" width="28" height="5" rx="2.5" fill="var(--c-muted)" />
          <path d="M100 80c-9 0-14 7-14 15v10l-5 6h38l-5-6V95c0-8-5-15-14-15z" fill="var(--c-accent)" />
          <circle cx="100" cy="118" r="4" fill="var(--c-accent)" />
        </>
      ) : null}
      {step === 'signIn' ? (
        <>
          <circle cx="100" cy="50" r="14" fill="var(--c-primary)" />
          {[74, 92].map((y) => (
            <rect
              key={y}
              x="70"
              y={y}
              width="60"
              height="12"
              rx="4"
              fill="none"
              stroke="var(--c-muted)"
              strokeWidth="2"
            />
          ))}
          <rect x="70" y="112" width="60" height="14" rx="7" fill="var(--c-primary)" />
        </>
      ) : null}
      {step === 'extension' ? (
        <>
          <rect x="66" y="34" width="68" height="14" rx="4" fill="var(--c-border)" />
          <rect x="70" y="66" width="60" height="16" rx="8" fill="var(--c-border)" />
          <rect x="70" y="92" width="30" height="16" rx="8" fill="var(--c-primary)" />
          <circle cx="92" cy="100" r="6" fill="var(--c-surface)" />
          <path
            d="M110 120l8 8 16-18"
            fill="none"
            stroke="var(--c-primary)"
            strokeWidth="4"
            strokeLinecap="round"
          />
        </>
      ) : null}
    </svg>
  )
}
