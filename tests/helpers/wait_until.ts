import { setTimeout as sleep } from 'node:timers/promises'

/**
 * Polls `condition` until it returns something truthy (and returns that), or
 * fails after `timeoutMs` naming what it waited for.
 */
export async function waitUntil<T>(
  what: string,
  condition: () => Promise<T | false | null | undefined> | T | false | null | undefined,
  timeoutMs = 20_000
): Promise<T> {
  const deadline = performance.now() + timeoutMs
  while (true) {
    const result = await condition()
    if (result) {
      return result
    }
    if (performance.now() > deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
    }
    await sleep(50)
  }
}
