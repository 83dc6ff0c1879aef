/*
 * `--profile=<page>`: one more load of a page (warm, not timed) under the V8
 * CPU profiler through the DevTools protocol, to see what bounds it: when
 * the document and each script arrived, and where the page's main thread
 * spent its time, by script and by function.
 */
import type { BrowserContext } from 'playwright-core'
import { fileOf, selfTimes, type CpuProfile } from '../cpu_profile.ts'
import { visit, type Proof } from './measure.ts'

type Waterfall = {
  elements: number
  /** Elements under each section of the page's main region (what makes a heavy page heavy). */
  sections: { name: string; elements: number }[]
  responseStart: number
  responseEnd: number
  domContentLoaded: number
  resources: { name: string; type: string; start: number; end: number; bytes: number }[]
}

const WATERFALL = `(() => {
  const navigation = performance.getEntriesByType('navigation')[0]
  const main = document.querySelector('main') ?? document.body
  const sections = [...main.querySelectorAll('section, [role=region], table')].map((node) => ({
    name: (node.getAttribute('aria-label') || node.querySelector('h1, h2, h3, caption')?.textContent || node.tagName).slice(0, 40),
    elements: node.getElementsByTagName('*').length,
  }))
  return {
    elements: document.getElementsByTagName('*').length,
    sections: sections.sort((a, b) => b.elements - a.elements).slice(0, 8),
    responseStart: navigation.responseStart,
    responseEnd: navigation.responseEnd,
    domContentLoaded: navigation.domContentLoadedEventEnd,
    resources: performance.getEntriesByType('resource').map((entry) => ({
      name: new URL(entry.name).pathname,
      type: entry.initiatorType,
      start: entry.startTime,
      end: entry.responseEnd,
      bytes: entry.encodedBodySize,
    })),
  }
})()`

/** Loads `url` twice in `context` (the second under the profiler) and describes the second. */
export async function profilePage(context: BrowserContext, url: string, proof: Proof) {
  const page = await context.newPage()
  await visit(page, url, proof)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 })
  await cdp.send('Profiler.start')
  const loaded = await visit(page, url, proof)
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }
  const waterfall = await page.evaluate<Waterfall>(WATERFALL)
  await page.close()

  const ms = (value: number | null) => (value === null ? 'never' : `${value.toFixed(0)} ms`)
  const { byScript, byFunction } = selfTimes(profile)
  const busy = byScript
    .filter(([key]) => key !== '(idle)')
    .reduce((sum, [, value]) => sum + value, 0)
  return `Profile of ${url} (under the profiler, slower than the timed loads): data on screen at ${ms(loaded.ready)}; document from ${ms(waterfall.responseStart)} to ${ms(waterfall.responseEnd)}, DOMContentLoaded ${ms(waterfall.domContentLoaded)}; main thread busy ${ms(busy)}; ${waterfall.elements} elements in the document, the largest parts: ${waterfall.sections.map((part) => `${part.name} (${part.elements})`).join(', ')}.

| resource | type | requested | arrived | bytes (compressed) |
|---|---|---|---|---|
${waterfall.resources.map((entry) => `| ${fileOf(entry.name)} | ${entry.type} | ${ms(entry.start)} | ${ms(entry.end)} | ${entry.bytes} |`).join('\n')}

| script | self time |
|---|---|
${byScript
  .slice(0, 8)
  .map(([key, value]) => `| ${key} | ${ms(value)} |`)
  .join('\n')}

| function | self time |
|---|---|
${byFunction
  .filter(([key]) => key !== '(idle)')
  .slice(0, 15)
  .map(([key, value]) => `| ${key} | ${ms(value)} |`)
  .join('\n')}`
}
