/*
 * One visit to one page, timed by the page's own clock (performance.now(),
 * from the navigation's start): when the document's first byte arrived
 * (Navigation Timing) and when the page's data was on screen, that is the
 * first frame after its proof (a text from the demo data, or an element) is
 * in the document.
 */
import type { Page } from 'playwright-core'

/** What proves a page's data is on screen: a text inside the app's root, or an element. */
export type Proof = { text: string } | { selector: string }

export type Visit = {
  /** Request sent → first byte of the document (the server's time plus loopback). */
  server: number
  /** Navigation start → the first frame with the proof in the document; null: never within the wait. */
  ready: number | null
  /** Requests the page made after its document (scripts, styles, fetches), and fetches alone. */
  requests: number
  fetches: number
  /** Bytes over the wire for the page's scripts (0 when they came from the cache). */
  scriptBytes: number
  /** What the page showed instead, when the proof never came. */
  shown?: string
}

const WAIT_MS = 15_000

/*
 * Installed right after the navigation commits, before the page's scripts
 * run: resolves at the first animation frame after the proof holds.
 * Passed as a string (the bench compiles without the DOM's types).
 */
const WATCH = `(proof) => new Promise((resolve) => {
  const holds = () => {
    if (proof.selector) return document.querySelector(proof.selector) !== null
    const root = document.getElementById('app') ?? document.body
    if (!root) return false
    if (root.textContent.includes(proof.text)) return true
    return [...root.querySelectorAll('input, textarea')].some((field) => field.value.includes(proof.text))
  }
  const settle = () => requestAnimationFrame(() => resolve(performance.now()))
  if (holds()) return settle()
  const observer = new MutationObserver(() => {
    if (holds()) {
      observer.disconnect()
      settle()
    }
  })
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true })
  setTimeout(() => { observer.disconnect(); resolve(null) }, ${WAIT_MS})
})`

const TIMINGS = `(() => {
  const navigation = performance.getEntriesByType('navigation')[0]
  const resources = performance.getEntriesByType('resource')
  return {
    server: navigation.responseStart - navigation.requestStart,
    requests: resources.length,
    fetches: resources.filter((entry) => entry.initiatorType === 'fetch' || entry.initiatorType === 'xmlhttprequest').length,
    scriptBytes: resources
      .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
      .reduce((sum, entry) => sum + entry.transferSize, 0),
  }
})()`

/** Opens `url` in `page` (a full navigation) and times it until `proof` is on screen. */
export async function visit(page: Page, url: string, proof: Proof): Promise<Visit> {
  await page.goto(url, { waitUntil: 'commit' })
  const ready = await page.evaluate<number | null>(`(${WATCH})(${JSON.stringify(proof)})`)
  await page.waitForLoadState('load')
  const timings = await page.evaluate<Omit<Visit, 'ready'>>(TIMINGS)
  const result: Visit = { ...timings, ready }
  if (ready === null) {
    const text = await page.locator('body').innerText()
    result.shown = `${page.url()}: ${text.replace(/\s+/g, ' ').slice(0, 600)}`
  }
  return result
}

/**
 * Waits until what the page asked for after its document (fetches started
 * while mounting) has settled, so that the next visit starts from a quiet
 * page.
 */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {})
}
