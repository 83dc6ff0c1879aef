import { mkdir } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import app from '@adonisjs/core/services/app'
import type { Page } from 'playwright'

/**
 * Frames axe cannot enter: sandboxed without scripts (a DocumentFrame, an
 * email's preview). axe's script gets in through the debugger, but the
 * frame never runs its timers, so axe would wait for its answer forever.
 * Audit such a frame's document on a page of its own
 * (`documentAccessibilityProblems`).
 */
const SCRIPTLESS_FRAMES = 'iframe[sandbox]:not([sandbox~="allow-scripts"])'

/**
 * The accessibility problems axe finds on the page as it is now (WCAG 2.0 to
 * 2.2, A and AA) that are serious or critical, one readable line each
 * (rule, what it says, where), so a failing assertion says what to fix.
 * `skipRules` is for a state where a rule is known to misjudge; say why there.
 */
export async function seriousAccessibilityProblems(
  page: Page,
  { skipRules = [] }: { skipRules?: string[] } = {}
): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .disableRules(skipRules)
    .exclude(SCRIPTLESS_FRAMES)
  const results = await builder.analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id}: ${violation.help} at ${node.target.join(' ')}`
      )
    )
}

/**
 * The serious or critical problems of a document shown in a sandboxed frame
 * (an email's HTML), opened as a page of its own in the same browser
 * context: what its reader's screen reader or mail client gets.
 */
export async function documentAccessibilityProblems(page: Page, html: string) {
  const own = await page.context().newPage()
  try {
    await own.setContent(html)
    return await seriousAccessibilityProblems(own)
  } finally {
    await own.close()
  }
}

/**
 * A full-page screenshot under tmp/screenshots/ (not committed): the
 * artefact a person looks at after a run.
 */
export async function saveScreenshot(page: Page, name: string) {
  const directory = app.makePath('tmp', 'screenshots')
  await mkdir(directory, { recursive: true })
  await page.screenshot({ path: `${directory}/${name}.png`, fullPage: true })
}

/** What the target check reads of an element in the page (the tests' tsconfig has no DOM types). */
type TargetElement = {
  offsetParent: unknown
  textContent: string | null
  getAttribute(name: string): string | null
  getBoundingClientRect(): { height: number }
}

/**
 * The visible controls matching `selector` that are shorter than the 44 px
 * a finger needs (WCAG 2.5.5), by name: empty when every target is big enough.
 */
export async function smallTouchTargets(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements
      .map((target) => target as unknown as TargetElement)
      .filter((element) => element.offsetParent !== null)
      .map((element) => ({
        name: element.getAttribute('aria-label') ?? element.textContent?.trim(),
        height: element.getBoundingClientRect().height,
      }))
      .filter(({ height }) => height < 44)
  )
}
