/*
 * What a people month load spends its time on, from Chromium itself: one
 * load (not one of the timed ones) under the V8 CPU profiler through the
 * DevTools protocol, plus the page's own resource timings. Printed as the
 * waterfall (when the HTML and each script arrived, when the grid was ready)
 * and where the main thread's samples fell: by script and by function.
 */
import type { BrowserContext } from 'playwright-core'
import { fileOf, selfTimes, type CpuProfile } from '../cpu_profile.ts'

type Waterfall = {
  ready: number
  responseStart: number
  responseEnd: number
  domContentLoaded: number
  firstContentfulPaint: number | null
  resources: { name: string; type: string; start: number; end: number; bytes: number }[]
}

export type LoadProfile = { report: string }

const WATERFALL = `(() => {
  const navigation = performance.getEntriesByType('navigation')[0]
  const paint = performance.getEntriesByName('first-contentful-paint')[0]
  return {
    ready: window.__peopleReadyAt,
    responseStart: navigation.responseStart,
    responseEnd: navigation.responseEnd,
    domContentLoaded: navigation.domContentLoadedEventEnd,
    firstContentfulPaint: paint ? paint.startTime : null,
    resources: performance.getEntriesByType('resource').map((entry) => ({
      name: new URL(entry.name).pathname,
      type: entry.initiatorType,
      start: entry.startTime,
      end: entry.responseEnd,
      bytes: entry.encodedBodySize,
    })),
  }
})()`

/** Opens `url` in a new page of `context` under the CPU profiler, until the people grid is ready. */
export async function profileLoad(context: BrowserContext, url: string): Promise<LoadProfile> {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 })
  await cdp.send('Profiler.start')
  await page.goto(url, { waitUntil: 'commit' })
  await page.waitForFunction('window.__peoplePaintedAt !== undefined', null, { timeout: 60_000 })
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }
  const waterfall = await page.evaluate<Waterfall>(WATERFALL)
  await page.close()

  const ms = (value: number) => `${value.toFixed(0)} ms`
  const { byScript, byFunction } = selfTimes(profile)
  const sampled = byScript.reduce((sum, [, value]) => sum + value, 0)
  const busy = byScript
    .filter(([key]) => key !== '(idle)')
    .reduce((sum, [, value]) => sum + value, 0)
  const scripts = waterfall.resources
    .filter((entry) => entry.type === 'script' || entry.name.endsWith('.js'))
    .sort((a, b) => a.start - b.start)

  return {
    report: `Profile of one more load (not timed; the profiler slows it): data on screen at ${ms(waterfall.ready)}; HTML from ${ms(waterfall.responseStart)} to ${ms(waterfall.responseEnd)}, DOMContentLoaded ${ms(waterfall.domContentLoaded)}, first contentful paint ${waterfall.firstContentfulPaint === null ? 'none' : ms(waterfall.firstContentfulPaint)}.

| script | requested | arrived | bytes (compressed) |
|---|---|---|---|
${scripts.map((entry) => `| ${fileOf(entry.name)} | ${ms(entry.start)} | ${ms(entry.end)} | ${entry.bytes} |`).join('\n')}

Main thread, ${ms(sampled)} sampled, ${ms(busy)} of them not idle; self time by script ((program) is the browser's own work: parsing, style, layout, paint):

| script | self time |
|---|---|
${byScript
  .slice(0, 10)
  .map(([key, value]) => `| ${key} | ${ms(value)} |`)
  .join('\n')}

The functions with the most self time:

| function | self time |
|---|---|
${byFunction
  .filter(([key]) => key !== '(idle)')
  .slice(0, 15)
  .map(([key, value]) => `| \`${key}\` | ${ms(value)} |`)
  .join('\n')}
`,
  }
}
