// Writes config/benefits.json and the benefit images it names: original SVG pictograms per theme
// (no text but numbers and symbols, so they serve both languages). Run: node scripts/gen-benefit-images.mjs
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const out = join(root, 'public', 'benefits')
mkdirSync(out, { recursive: true })

const themes = {
  theme1: { bg: '#e7f5ee', fg: '#0a7d4f', accent: '#f5b400' },
  theme2: { bg: '#e8f0fb', fg: '#1f5fbf', accent: '#ffb020' },
  theme3: { bg: '#f1eafa', fg: '#6b3fa0', accent: '#f59e0b' },
}
const titles = {
  firstorder: 'First order bonus',
  shipping: 'Shipping rebates',
  seasonal: 'Seasonal offers',
  smarttravel: 'Smart travel',
  orderprotection: 'Order protection',
  earnCashBack: 'Earn cash back',
  fooddelivery: 'Food delivery',
  fuel: 'Fuel',
  streaming: 'Streaming',
  doubleCoins: 'Double coins',
  tenpercent: 'Ten percent',
}
const coin = (x, y, r, c) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${c.accent}" stroke="${c.fg}" stroke-width="4"/>`
const art = {
  firstorder: (c) =>
    `<path d="M120 70h80l10 80h-100z" fill="${c.fg}"/><path d="M135 70a25 25 0 0 1 50 0" fill="none" stroke="${c.fg}" stroke-width="8"/>`,
  shipping: (c) =>
    `<rect x="105" y="55" width="110" height="80" rx="6" fill="${c.fg}"/><path d="M105 80h110M160 55v80" stroke="${c.accent}" stroke-width="8"/>`,
  seasonal: (c) =>
    `<path d="M160 40c50 20 55 80 0 110c-55-30-50-90 0-110z" fill="${c.fg}"/><path d="M160 60v85" stroke="${c.accent}" stroke-width="6"/>`,
  smarttravel: (c) => `<path d="M90 100l140-40l-10 20l-50 20l30 40l-15 5l-40-35l-40 10z" fill="${c.fg}"/>`,
  orderprotection: (c) =>
    `<path d="M160 35l60 20v40c0 35-25 55-60 70c-35-15-60-35-60-70v-40z" fill="${c.fg}"/><path d="M135 95l18 18l35-38" fill="none" stroke="${c.accent}" stroke-width="10"/>`,
  earnCashBack: (c) =>
    `${coin(160, 90, 48, c)}<path d="M160 60v60M172 72c-8-8-30-6-30 6s30 8 30 22s-24 14-32 6" fill="none" stroke="${c.fg}" stroke-width="7"/>`,
  fooddelivery: (c) =>
    `<circle cx="160" cy="95" r="50" fill="${c.fg}"/><circle cx="160" cy="95" r="32" fill="${c.bg}"/><path d="M95 55v80M225 55v80" stroke="${c.fg}" stroke-width="8"/>`,
  fuel: (c) =>
    `<rect x="120" y="45" width="60" height="100" rx="6" fill="${c.fg}"/><rect x="132" y="58" width="36" height="25" fill="${c.bg}"/><path d="M180 70h20v55a10 10 0 0 0 20 0v-50l-15-15" fill="none" stroke="${c.fg}" stroke-width="7"/>`,
  streaming: (c) =>
    `<rect x="95" y="45" width="130" height="90" rx="12" fill="${c.fg}"/><path d="M148 70v40l32-20z" fill="${c.accent}"/>`,
  doubleCoins: (c) =>
    `${coin(140, 100, 38, c)}${coin(185, 80, 38, c)}<text x="185" y="92" font-size="34" text-anchor="middle" fill="${c.fg}" font-family="system-ui,sans-serif" font-weight="700">2×</text>`,
  tenpercent: (c) =>
    `<text x="160" y="115" font-size="72" text-anchor="middle" fill="${c.fg}" font-family="system-ui,sans-serif" font-weight="800">10%</text>`,
}
const decorations = [
  (c) => '',
  (c) =>
    `<circle cx="50" cy="40" r="14" fill="${c.accent}" opacity=".6"/><circle cx="280" cy="150" r="10" fill="${c.fg}" opacity=".3"/>`,
  (c) => `<path d="M20 160q60-40 120 0t120 0" fill="none" stroke="${c.fg}" stroke-width="4" opacity=".25"/>`,
]
const kebab = (s) => s.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`)
const config = { $schema: './$schemas/benefits.json', themes: {} }
for (const [theme, c] of Object.entries(themes)) {
  config.themes[theme] = {}
  for (const [benefit, draw] of Object.entries(art)) {
    const count = benefit === 'tenpercent' || benefit === 'fuel' ? 1 : 2
    const files = []
    for (let i = 1; i <= count; i++) {
      const file = `${theme}-${kebab(benefit)}-${i}.svg`
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" role="img"><title>${titles[benefit]}</title><rect width="320" height="180" rx="16" fill="${c.bg}"/>${decorations[(i + 1) % 3](c)}${draw(c)}</svg>\n`
      writeFileSync(join(out, file), svg)
      files.push(file)
    }
    config.themes[theme][benefit] = files
  }
}
writeFileSync(join(root, 'config', 'benefits.json'), `${JSON.stringify(config, null, 2)}\n`)
console.log(
  `wrote config/benefits.json and ${Object.values(config.themes).flatMap((t) => Object.values(t).flat()).length} images`,
)
