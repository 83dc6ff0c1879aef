import type { Page } from 'playwright-core'

/**
 * Space on the focused item: with dnd-kit it picks the item up or puts it
 * down. dnd-kit's keyboard sensor listens for the arrow keys only from a
 * timer task queued at pick-up, and Chromium runs input before timers, so an
 * arrow pressed at once can reach a page that does not listen yet (it was
 * lost on a busy CI machine). This also waits for a timer task of its own,
 * queued after the sensor's, so the next key is heard.
 */
export async function pressSpace(page: Page) {
  await page.keyboard.press('Space')
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
}
