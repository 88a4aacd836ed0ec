#!/usr/bin/env node
// Generates the original benefit illustrations in public/benefits/ and config/benefits.json.
// Each image is a 320x180 card in the theme's palette with a simple pictogram for the benefit,
// drawn with basic shapes. No words (the app is bilingual): only numbers and symbols.
//
//   node scripts/gen-benefit-images.mjs
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outDir = path.join(root, 'public', 'benefits')
const configFile = path.join(root, 'config', 'benefits.json')
const MAX_BYTES = 2048
const VARIANTS = 2
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"

const themes = {
  theme1: {
    name: 'green',
    bg: '#eaf6ef',
    light: '#c6e8d4',
    main: '#0a7d4f',
    second: '#3aa876',
    gold: '#f2b705',
  },
  theme2: {
    name: 'blue',
    bg: '#eaf1fb',
    light: '#c7daf5',
    main: '#1f5fbf',
    second: '#4a8fe7',
    gold: '#f4b400',
  },
  theme3: {
    name: 'purple',
    bg: '#f3ecfb',
    light: '#ddcbf3',
    main: '#6b2fa8',
    second: '#9a5fd6',
    gold: '#f5b82e',
  },
}
const GOLD_DARK = '#a87400'

// Pictograms in a 100x100 box. p = palette, v = variant (1-based).
const pictograms = {
  firstorder: {
    title: 'First order bonus',
    draw: (p) =>
      `<path d="M34 38V30a16 16 0 0 1 32 0v8" fill="none" stroke="${p.main}" stroke-width="6" stroke-linecap="round"/>` +
      `<rect x="18" y="36" width="64" height="56" rx="8" fill="${p.main}"/>` +
      `<rect x="18" y="36" width="64" height="10" rx="4" fill="${p.second}"/>` +
      `<circle cx="80" cy="34" r="15" fill="${p.gold}"/>` +
      `<text x="80" y="35" font-size="19" font-weight="800" fill="#fff" text-anchor="middle" dominant-baseline="central" font-family="${FONT}">1</text>`,
  },
  shipping: {
    title: 'Shipping',
    draw: (p) =>
      `<path d="M50 10l40 16v48L50 92 10 74V26z" fill="${p.main}"/>` +
      `<path d="M50 10l40 16-40 16-40-16z" fill="${p.second}"/>` +
      `<path d="M50 42v50" stroke="#fff" stroke-opacity=".35" stroke-width="2"/>` +
      `<path d="M30 18l40 16v14l-10 4V38L20 22z" fill="#fff" fill-opacity=".85"/>`,
  },
  seasonal: {
    title: 'Seasonal offers',
    draw: (p, v) =>
      v % 2
        ? `<path d="M14 88C14 40 44 12 90 12c0 46-30 76-76 76z" fill="${p.main}"/>` +
          `<path d="M14 88L70 32M40 62h22M52 50V32" stroke="#fff" stroke-width="4" stroke-linecap="round" fill="none"/>`
        : `<g stroke="${p.main}" stroke-width="6" stroke-linecap="round" fill="none">` +
          [0, 60, 120]
            .map(
              (a) =>
                `<path transform="rotate(${a} 50 50)" d="M50 8v84M40 16l10 10 10-10M40 84l10-10 10 10"/>`,
            )
            .join('') +
          `</g><circle cx="50" cy="50" r="7" fill="${p.second}"/>`,
  },
  smarttravel: {
    title: 'Smart travel',
    draw: (p) =>
      `<g transform="rotate(-25 50 50)" fill="${p.main}">` +
      `<rect x="8" y="44" width="86" height="12" rx="6"/>` +
      `<path d="M42 46L30 10h10l26 36zM42 54L30 90h10l26-36z"/>` +
      `<path d="M14 46L8 28h8l12 18zM14 54L8 72h8l12-18z" fill="${p.second}"/>` +
      `</g>`,
  },
  orderprotection: {
    title: 'Order protection',
    draw: (p) =>
      `<path d="M50 6l38 14v28c0 22-16 38-38 46C28 86 12 70 12 48V20z" fill="${p.main}"/>` +
      `<path d="M50 6l38 14v28c0 22-16 38-38 46z" fill="${p.second}" fill-opacity=".5"/>` +
      `<path d="M32 50l13 13 24-26" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`,
  },
  earnCashBack: {
    title: 'Earn cash back',
    draw: (p) =>
      `<path d="M88 44A38 38 0 1 0 80 74" fill="none" stroke="${p.second}" stroke-width="6" stroke-linecap="round"/>` +
      `<path d="M78 36l10 12 10-12z" fill="${p.second}"/>` +
      `<circle cx="50" cy="50" r="28" fill="${p.gold}" stroke="${GOLD_DARK}" stroke-width="3"/>` +
      `<text x="50" y="52" font-size="34" font-weight="800" fill="#fff" text-anchor="middle" dominant-baseline="central" font-family="${FONT}">$</text>`,
  },
  fooddelivery: {
    title: 'Food delivery',
    draw: (p) =>
      `<circle cx="50" cy="50" r="32" fill="#fff" stroke="${p.main}" stroke-width="5"/>` +
      `<circle cx="50" cy="50" r="20" fill="${p.light}"/>` +
      `<path d="M6 14v18a5 5 0 0 0 10 0V14M11 14v76" fill="none" stroke="${p.main}" stroke-width="4" stroke-linecap="round"/>` +
      `<path d="M88 12c8 8 8 30 0 38v40" fill="none" stroke="${p.main}" stroke-width="5" stroke-linecap="round"/>`,
  },
  fuel: {
    title: 'Fuel',
    draw: (p) =>
      `<rect x="16" y="14" width="44" height="76" rx="7" fill="${p.main}"/>` +
      `<rect x="24" y="22" width="28" height="20" rx="3" fill="#fff"/>` +
      `<rect x="10" y="86" width="56" height="8" rx="3" fill="${p.second}"/>` +
      `<path d="M60 30h10a6 6 0 0 1 6 6v38a5 5 0 0 0 10 0V30l-8-10" fill="none" stroke="${p.main}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<path d="M38 52c-6 9-8 13-8 17a8 8 0 0 0 16 0c0-4-2-8-8-17z" fill="${p.gold}"/>`,
  },
  streaming: {
    title: 'Streaming',
    draw: (p, v) =>
      v % 2
        ? `<circle cx="50" cy="50" r="42" fill="${p.main}"/><path d="M40 30v40l32-20z" fill="#fff"/>`
        : `<rect x="4" y="14" width="92" height="60" rx="8" fill="${p.main}"/>` +
          `<path d="M42 30v28l24-14z" fill="#fff"/>` +
          `<path d="M34 88h32M50 74v14" stroke="${p.second}" stroke-width="6" stroke-linecap="round"/>`,
  },
  doubleCoins: {
    title: 'Double coins',
    draw: (p) =>
      [
        [30, 58],
        [54, 38],
      ]
        .map(
          ([x, y]) =>
            `<circle cx="${x}" cy="${y}" r="26" fill="${p.gold}" stroke="${GOLD_DARK}" stroke-width="3"/>` +
            `<circle cx="${x}" cy="${y}" r="17" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="3"/>`,
        )
        .join('') +
      `<text x="84" y="94" font-size="24" font-weight="800" fill="${p.main}" text-anchor="middle" font-family="${FONT}">×2</text>`,
  },
  tenpercent: {
    title: 'Ten percent back',
    draw: (p) =>
      `<path d="M-14 30h84l26 20-26 20h-84a6 6 0 0 1-6-6V36a6 6 0 0 1 6-6z" fill="${p.main}"/>` +
      `<circle cx="76" cy="50" r="5" fill="${p.bg}"/>` +
      `<text x="26" y="52" font-size="34" font-weight="800" fill="#fff" text-anchor="middle" dominant-baseline="central" font-family="${FONT}">10%</text>`,
  },
}

// Two card layouts: pictogram centred on a disc, or pictogram left with abstract shapes right.
function card(p, benefit, v) {
  const { title, draw } = pictograms[benefit]
  const art = draw(p, v)
  const body =
    v % 2
      ? `<circle cx="160" cy="90" r="72" fill="${p.light}"/>` +
        `<circle cx="52" cy="40" r="10" fill="${p.second}" fill-opacity=".4"/>` +
        `<circle cx="276" cy="138" r="14" fill="${p.second}" fill-opacity=".3"/>` +
        `<circle cx="262" cy="34" r="6" fill="${p.gold}"/>` +
        `<g transform="translate(104 34) scale(1.12)">${art}</g>`
      : `<path d="M18 180L208 0h96a16 16 0 0 1 16 16v148a16 16 0 0 1-16 16z" fill="${p.light}"/>` +
        `<circle cx="250" cy="64" r="26" fill="${p.second}" fill-opacity=".35"/>` +
        `<rect x="206" y="108" width="84" height="12" rx="6" fill="${p.main}" fill-opacity=".35"/>` +
        `<rect x="206" y="128" width="56" height="12" rx="6" fill="${p.main}" fill-opacity=".2"/>` +
        `<g transform="translate(40 30) scale(1.2)">${art}</g>`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" width="320" height="180" role="img">` +
    `<title>${title}</title><rect width="320" height="180" rx="16" fill="${p.bg}"/>${body}</svg>\n`
  )
}

const kebab = (s) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()

fs.mkdirSync(outDir, { recursive: true })
const config = { $schema: './$schemas/benefits.json', themes: {} }
let count = 0
for (const [theme, palette] of Object.entries(themes)) {
  config.themes[theme] = {}
  for (const benefit of Object.keys(pictograms)) {
    const files = []
    for (let v = 1; v <= VARIANTS; v++) {
      const file = `${theme}-${kebab(benefit)}-${v}.svg`
      const svg = card(palette, benefit, v)
      if (Buffer.byteLength(svg) >= MAX_BYTES) throw new Error(`${file} is ${Buffer.byteLength(svg)} bytes`)
      fs.writeFileSync(path.join(outDir, file), svg)
      files.push(file)
      count++
    }
    config.themes[theme][benefit] = files
  }
}
fs.writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`)
console.log(`benefit images: ${count} written, config/benefits.json updated`)
