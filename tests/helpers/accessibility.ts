import { mkdir } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import app from '@adonisjs/core/services/app'
import type { Page } from 'playwright'

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
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .disableRules(skipRules)
    .analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id}: ${violation.help} at ${node.target.join(' ')}`
      )
    )
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
