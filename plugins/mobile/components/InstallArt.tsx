import { createElement, type SVGProps } from 'react'

/** One shape of a drawing: its element and attributes. */
type Shape = ['rect' | 'circle' | 'path', SVGProps<SVGElement>]

/** A bar with round ends (the corners' radius is half its height). */
const pill = (x: number, y: number, width: number, height: number, fill: string): Shape => [
  'rect',
  { x, y, width, height, rx: height / 2, fill },
]

/** The phone: its frame and speaker. */
const PHONE: Shape[] = [
  [
    'rect',
    {
      x: 60,
      y: 8,
      width: 80,
      height: 144,
      rx: 14,
      fill: 'var(--c-surface)',
      stroke: 'var(--c-text)',
      strokeWidth: 3,
    },
  ],
  pill(86, 16, 28, 5, 'var(--c-border)'),
]

/** What the phone shows at each step. */
const SCREENS = {
  // a grid of apps, the middle one circled
  open: [
    ...[0, 1, 2].flatMap((r) =>
      [0, 1, 2].map(
        (c): Shape => [
          'rect',
          {
            x: 70 + c * 22,
            y: 32 + r * 24,
            width: 16,
            height: 16,
            rx: 4,
            fill: r === 1 && c === 1 ? 'var(--c-primary)' : 'var(--c-border)',
          },
        ],
      ),
    ),
    ['circle', { cx: 100, cy: 64, r: 16, fill: 'none', stroke: 'var(--c-accent)', strokeWidth: 3 }],
  ],
  // a notification and a bell
  notify: [
    ['rect', { x: 66, y: 34, width: 68, height: 30, rx: 6, fill: 'var(--c-border)' }],
    pill(72, 42, 40, 5, 'var(--c-text)'),
    pill(72, 52, 28, 5, 'var(--c-muted)'),
    ['path', { d: 'M100 80c-9 0-14 7-14 15v10l-5 6h38l-5-6V95c0-8-5-15-14-15z', fill: 'var(--c-accent)' }],
    ['circle', { cx: 100, cy: 118, r: 4, fill: 'var(--c-accent)' }],
  ],
  // an avatar, two fields and a button
  signIn: [
    ['circle', { cx: 100, cy: 50, r: 14, fill: 'var(--c-primary)' }],
    ...[74, 92].map(
      (y): Shape => [
        'rect',
        { x: 70, y, width: 60, height: 12, rx: 4, fill: 'none', stroke: 'var(--c-muted)', strokeWidth: 2 },
      ],
    ),
    pill(70, 112, 60, 14, 'var(--c-primary)'),
  ],
  // a bar, a switch turned on and a tick
  extension: [
    ['rect', { x: 66, y: 34, width: 68, height: 14, rx: 4, fill: 'var(--c-border)' }],
    pill(70, 66, 60, 16, 'var(--c-border)'),
    pill(70, 92, 30, 16, 'var(--c-primary)'),
    ['circle', { cx: 92, cy: 100, r: 6, fill: 'var(--c-surface)' }],
    [
      'path',
      {
        d: 'M110 120l8 8 16-18',
        fill: 'none',
        stroke: 'var(--c-primary)',
        strokeWidth: 4,
        strokeLinecap: 'round',
      },
    ],
  ],
} satisfies Record<string, Shape[]>

/**
 * The Safari install steps' drawings: a phone with what the step asks for, in the brand's colours
 * (decorative: the step's text says it all).
 */
export function InstallArt({ step }: { step: keyof typeof SCREENS }) {
  return (
    <svg viewBox="0 0 200 160" aria-hidden="true" focusable="false" data-step={step}>
      {[...PHONE, ...SCREENS[step]].map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))}
    </svg>
  )
}
