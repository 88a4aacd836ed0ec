#!/usr/bin/env node
// Writes an original placeholder logo for every merchant named in config/catalogs/*.json
// that has no file yet in public/catalog-logos/: a rounded square in a brand-like colour
// with the merchant's monogram in white. No real trademark is copied or linked.
//
//   node scripts/gen-catalog-logos.mjs           write missing logos only
//   node scripts/gen-catalog-logos.mjs --force   rewrite every logo
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const catalogDir = path.join(root, 'config', 'catalogs')
const outDir = path.join(root, 'public', 'catalog-logos')
const force = process.argv.includes('--force')
const MAX_BYTES = 600

// Brand-like background colours, dark enough for a white monogram. Unknown ids get a hashed colour.
const colours = {
  aldi: '#00205b',
  asda: '#4f8a10',
  att: '#0568ae',
  beam: '#6a2fb5',
  bell: '#00549a',
  binge: '#d61f4f',
  bird: '#1a1a1a',
  bolt: '#1f8a55',
  bp: '#007a33',
  budget: '#d35400',
  chevron: '#0054a4',
  coles: '#d71920',
  crave: '#0a4fa3',
  delivereasy: '#0079b8',
  deliveroo: '#00897f',
  didi: '#d9621f',
  'disney-plus': '#113ccf',
  doordash: '#d91400',
  dott: '#0070c9',
  ee: '#007b85',
  enterprise: '#10784a',
  europcar: '#007a33',
  exxonmobil: '#c8102e',
  flamingo: '#c2185b',
  freenow: '#c4002f',
  grubhub: '#d92a37',
  hertz: '#9a7400',
  hulu: '#0e8a4f',
  instacart: '#108910',
  'just-eat': '#e06c00',
  kroger: '#134b97',
  lime: '#008a25',
  loblaws: '#c8321e',
  lyft: '#d1009c',
  max: '#002be7',
  menulog: '#e06c00',
  metro: '#c8001a',
  netflix: '#c50812',
  neon: '#7b1fa2',
  neuron: '#d45500',
  'new-world': '#c8201a',
  now: '#0e7c86',
  o2: '#0019a5',
  ocado: '#5b2a86',
  paknsave: '#9a7a00',
  peacock: '#1a1a1a',
  penske: '#9c7400',
  'prime-video': '#0073b3',
  rogers: '#c8102e',
  safeway: '#c8102e',
  sainsburys: '#d35f00',
  shell: '#c8161d',
  skipthedishes: '#d35400',
  sobeys: '#00573f',
  stan: '#0060d6',
  't-mobile': '#c2006a',
  telus: '#4b286d',
  tesco: '#00539f',
  three: '#222222',
  thrifty: '#0b2d6b',
  'u-haul': '#d35400',
  uber: '#111111',
  'uber-eats': '#067a44',
  verizon: '#b5030a',
  vodafone: '#d10000',
  voi: '#c7414a',
  walmart: '#0062b8',
  woolworths: '#137a3a',
}

// Monograms that the default rule (first letters of the first two words) would get wrong.
const monograms = {
  att: 'AT',
  bp: 'bp',
  'disney-plus': 'D+',
  exxonmobil: 'XM',
  o2: 'O2',
  paknsave: 'PS',
  'prime-video': 'PV',
  skipthedishes: 'S',
  'u-haul': 'UH',
}

function monogram(id, name) {
  if (monograms[id]) return monograms[id]
  const words = name.split(/[\s-]+/).filter((w) => /[A-Za-z0-9]/.test(w))
  return words
    .slice(0, 2)
    .map((w) => w.match(/[A-Za-z0-9]/)[0].toUpperCase())
    .join('')
}

function hashedColour(id) {
  let h = 0
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0
  return `hsl(${h % 360} 65% 35%)`
}

function escapeXml(s) {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c],
  )
}

function logoSvg(id, name) {
  const text = escapeXml(monogram(id, name))
  const size = text.length > 1 ? 38 : 50
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img">` +
    `<title>${escapeXml(name)}</title>` +
    `<rect width="96" height="96" rx="20" fill="${colours[id] ?? hashedColour(id)}"/>` +
    `<text x="48" y="50" fill="#fff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" ` +
    `font-size="${size}" font-weight="700" text-anchor="middle" dominant-baseline="central">${text}</text>` +
    `</svg>\n`
  )
}

const merchants = new Map()
for (const file of fs.readdirSync(catalogDir).filter((f) => f.endsWith('.json'))) {
  const catalog = JSON.parse(fs.readFileSync(path.join(catalogDir, file), 'utf8'))
  for (const list of Object.values(catalog.categories ?? {})) {
    for (const m of list) {
      const seen = merchants.get(m.id)
      if (seen && seen.logo !== m.logo) {
        throw new Error(`${file}: merchant '${m.id}' uses logo ${m.logo}, elsewhere ${seen.logo}`)
      }
      if (!seen) merchants.set(m.id, m)
    }
  }
}

fs.mkdirSync(outDir, { recursive: true })
let written = 0
for (const { id, name, logo } of merchants.values()) {
  const target = path.join(outDir, logo)
  if (!force && fs.existsSync(target)) continue
  const svg = logoSvg(id, name)
  if (Buffer.byteLength(svg) >= MAX_BYTES) throw new Error(`${logo} is ${Buffer.byteLength(svg)} bytes`)
  fs.writeFileSync(target, svg)
  written++
}
console.log(`catalog logos: ${merchants.size} merchants, ${written} written`)
