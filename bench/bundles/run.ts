/*
 * What each app's pages cost to download: builds the client (vite build)
 * and sums, per app entry, the gzip size of the JavaScript every page loads
 * (the entry and its static imports) and of its CSS, plus the heaviest page
 * chunk on top. Prints a Markdown table for bench/README.md.
 */
import { readFile } from 'node:fs/promises'
import { gzipSync } from 'node:zlib'
import { log, root, run } from '../harness.ts'

type Chunk = {
  file: string
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
  isEntry?: boolean
}
type Manifest = Record<string, Chunk>

const APPS = ['sso', 'transfer', 'schedule'] as const
const outDir = `${root}build/public/assets/`

async function gzipped(file: string) {
  return gzipSync(await readFile(`${outDir}${file}`), { level: 9 }).length
}

/** A chunk with every chunk it imports statically: what loads with it. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()) {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen)
  return seen
}

async function sizeOf(manifest: Manifest, keys: Iterable<string>) {
  let js = 0
  let css = 0
  const cssFiles = new Set<string>()
  for (const key of keys) {
    js += await gzipped(manifest[key].file)
    for (const file of manifest[key].css ?? []) cssFiles.add(file)
  }
  for (const file of cssFiles) css += await gzipped(file)
  return { js, css }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

log('building the client (vite build)')
await run('npx', ['vite', 'build'], root, { ...process.env, NODE_ENV: 'production' })
const manifest = JSON.parse(await readFile(`${outDir}.vite/manifest.json`, 'utf8')) as Manifest

console.log('| app | entry JS (gzip) | entry CSS (gzip) | heaviest page | its extra JS (gzip) |')
console.log('|---|---|---|---|---|')
for (const app of APPS) {
  const entryKey = `inertia/app/${app}.tsx`
  const entry = closure(manifest, entryKey)
  const base = await sizeOf(manifest, entry)
  let heaviest = { page: '-', js: 0 }
  for (const key of Object.keys(manifest)) {
    if (!key.startsWith(`inertia/pages/${app}/`)) continue
    const extra = [...closure(manifest, key)].filter((chunk) => !entry.has(chunk))
    const { js } = await sizeOf(manifest, extra)
    if (js > heaviest.js) heaviest = { page: key.replace('inertia/pages/', ''), js }
  }
  console.log(
    `| ${app} | ${kib(base.js)} | ${kib(base.css)} | ${heaviest.page} | ${kib(heaviest.js)} |`
  )
}
