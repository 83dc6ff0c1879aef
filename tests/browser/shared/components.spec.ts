import { test } from '@japa/runner'
import type { Browser, BrowserContext, Locator, Page } from 'playwright'
import { sharedBrowserStack } from '#tests/helpers/browser_stack'
import {
  saveScreenshot,
  seriousAccessibilityProblems,
  smallTouchTargets,
} from '#tests/helpers/accessibility'

/*
 * The design system's components where their behaviour lives in them
 * (combobox, one-time code, dialog focus, table to cards, …), driven in
 * Chromium on the gallery page sso serves outside production.
 */

/*
 * The few browser globals the page callbacks below use: the tests compile
 * without the DOM library (it would change Node's own types).
 */
type BrowserElement = {
  getAttribute(name: string): string | null
  textContent: string | null
  contains(node: unknown): boolean
  dispatchEvent(event: unknown): boolean
  getBoundingClientRect(): { height: number }
  offsetParent: unknown
  scrollIntoView(options: { block: 'start' }): void
}
declare const document: {
  activeElement: BrowserElement | null
  documentElement: { scrollWidth: number }
  querySelector(selector: string): BrowserElement | null
}
declare function getComputedStyle(element: unknown): {
  backgroundColor: string
  animationName: string
  getPropertyValue(name: string): string
}
declare class DataTransfer {
  items: { add(file: File): void }
  setData(type: string, value: string): void
}
declare class ClipboardEvent {
  constructor(
    type: string,
    init: { clipboardData: DataTransfer; bubbles: boolean; cancelable: boolean }
  )
}

const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 390, height: 844 }

let galleryUrl: string

async function openGallery(
  browser: Browser,
  {
    size = DESKTOP,
    theme,
    phone = false,
  }: { size?: { width: number; height: number }; theme?: 'light' | 'dark'; phone?: boolean } = {}
): Promise<{ context: BrowserContext; page: Page }> {
  // A phone is a touch screen: pointer: coarse, as the 44 px targets expect.
  const context = await browser.newContext({
    viewport: size,
    isMobile: phone,
    hasTouch: phone,
    colorScheme: theme ?? 'light',
  })
  const page = await context.newPage()
  await page.goto(theme ? `${galleryUrl}?theme=${theme}` : galleryUrl)
  await page.getByRole('heading', { name: 'Design system', level: 1 }).waitFor()
  return { context, page }
}

async function trimmedTexts(locator: Locator) {
  const texts = await locator.allTextContents()
  return texts.map((text) => text.trim())
}

/** What has focus: its accessible-ish label, for messages. */
function focusedText(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement
    return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? ''
  })
}

test.group('design system components', (group) => {
  group.setup(async () => {
    const shared = await sharedBrowserStack()
    galleryUrl = `${shared.stack.url('sso')}/design-system`
  })

  for (const theme of ['light', 'dark'] as const) {
    for (const size of [DESKTOP, PHONE]) {
      test(`the gallery has no serious accessibility problems: ${theme}, ${size.width} px`, async ({
        browser,
        assert,
      }) => {
        const { context, page } = await openGallery(browser, {
          theme,
          size,
          phone: size === PHONE,
        })
        // The theme really applies: the header's surface is the theme's.
        const header = await page
          .locator('.ui-shell-header')
          .evaluate((element) => getComputedStyle(element).backgroundColor)
        assert.equal(header, theme === 'dark' ? 'rgb(24, 27, 33)' : 'rgb(255, 255, 255)')
        await saveScreenshot(page, `design-system-${theme}-${size.width}`)
        assert.deepEqual(await seriousAccessibilityProblems(page), [])
        await context.close()
      })
    }
  }

  test('the combobox filters as you type, moves with arrows, chooses with Enter, closes with Escape', async ({
    browser,
    assert,
  }) => {
    const { context, page } = await openGallery(browser)
    const input = page.getByRole('combobox', { name: 'Crew member' })
    await input.fill('ar')
    const listbox = page.getByRole('listbox', { name: 'Crew member' })
    await listbox.waitFor()
    const options = listbox.getByRole('option')
    assert.deepEqual(await trimmedTexts(options), [
      'Harbour Lighting LtdLighting rental',
      'Margaret HamiltonSound mixer',
      'Hedy LamarrProduction designer',
    ])
    assert.equal(await input.getAttribute('aria-expanded'), 'true')

    await input.press('ArrowDown')
    await input.press('ArrowDown')
    const active = await input.getAttribute('aria-activedescendant')
    assert.equal(await page.locator(`[id="${active}"]`).getAttribute('aria-selected'), 'true')
    assert.include(await page.locator(`[id="${active}"]`).textContent(), 'Margaret Hamilton')
    await input.press('Enter')
    await page.getByText('Chosen: Margaret Hamilton').waitFor()
    assert.equal(await input.inputValue(), 'Margaret Hamilton')
    assert.equal(await input.getAttribute('aria-expanded'), 'false')

    await input.fill('zzz')
    await page.getByText('No one on the crew by that name').waitFor()
    await input.press('Escape')
    assert.equal(await input.getAttribute('aria-expanded'), 'false')
    assert.isFalse(await page.getByText('No one on the crew by that name').isVisible())

    // Hint and label are wired to the input.
    const described = await input.getAttribute('aria-describedby')
    assert.equal(await page.locator(`[id="${described}"]`).textContent(), 'Type part of a name.')

    // Items the page fetches for what is typed (the gallery's stand-in server).
    const search = page.getByRole('combobox', { name: 'Search the directory' })
    await search.fill('gra')
    const found = page.getByRole('listbox', { name: 'Search the directory' }).getByRole('option')
    await found.first().waitFor()
    assert.deepEqual(await trimmedTexts(found), ['Grace Hopper'])
    await search.press('ArrowDown')
    await search.press('Enter')
    // downshift reports the choice from an effect, a moment after the key.
    await page.getByText('Found: Grace Hopper').waitFor()
    assert.equal(await search.inputValue(), 'Grace Hopper')
    await context.close()
  })

  test('open popovers (select, menu, calendar, combobox) have no serious accessibility problems', async ({
    browser,
    assert,
  }) => {
    const { context, page } = await openGallery(browser, { theme: 'dark' })
    await page.getByRole('combobox', { name: 'Department' }).click()
    await page.getByRole('listbox').waitFor()
    // While its list is open, Radix Select hides the rest of the page from
    // screen readers (aria-hidden) and keeps focus in the list, so the
    // page's controls cannot be reached; axe's aria-hidden-focus reads the
    // markup only and would count them.
    assert.deepEqual(
      await seriousAccessibilityProblems(page, { skipRules: ['aria-hidden-focus'] }),
      [],
      'select'
    )
    await page.keyboard.press('Escape')
    await page.getByRole('listbox').waitFor({ state: 'hidden' })

    await page.getByRole('button', { name: 'Project actions' }).click()
    await page.getByRole('menu').waitFor()
    assert.deepEqual(await seriousAccessibilityProblems(page), [], 'menu')
    await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'hidden' })

    // Room below the field, so the calendar opens there and covers nothing above.
    await page
      .getByRole('textbox', { name: 'Shoot date' })
      .evaluate((element) =>
        (element as unknown as BrowserElement).scrollIntoView({ block: 'start' })
      )
    const chooseDate = page.getByRole('button', { name: /^Choose date/ })
    await chooseDate.click()
    await page.getByRole('grid').waitFor()
    assert.deepEqual(await seriousAccessibilityProblems(page), [], 'calendar')
    await page.keyboard.press('Escape')
    await page.getByRole('grid').waitFor({ state: 'hidden' })
    // The popover gives focus back to its button as it closes; typing into the combobox
    // before that happens loses focus to the button, and the combobox's list closes.
    await page.waitForFunction(
      (button) => document.activeElement === button,
      await chooseDate.elementHandle()
    )

    await page.getByRole('combobox', { name: 'Crew member' }).fill('a')
    await page.getByRole('listbox', { name: 'Crew member' }).waitFor()
    assert.deepEqual(await seriousAccessibilityProblems(page), [], 'combobox')
    await context.close()
  })

  test('the one-time code takes a pasted code, digits only, and offers autofill', async ({
    browser,
    assert,
  }) => {
    const { context, page } = await openGallery(browser)
    const input = page.getByLabel('The 6-digit code your app shows')
    assert.equal(await input.getAttribute('autocomplete'), 'one-time-code')
    assert.equal(await input.getAttribute('inputmode'), 'numeric')

    // A code copied from a message, with its space, pasted at once.
    await input.focus()
    await input.evaluate((target) => {
      const element = target as unknown as BrowserElement
      const data = new DataTransfer()
      data.setData('text/plain', '482 913')
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
      )
    })
    await page.getByText('Code so far: 482913').waitFor()
    assert.equal(await input.inputValue(), '482913')

    // Typed: letters are refused.
    await input.fill('')
    await page.getByText('Code so far: none').waitFor()
    await input.pressSequentially('12a3456')
    assert.equal(await input.inputValue(), '123456')
    await page.getByText('Code so far: 123456').waitFor()
    await context.close()
  })

  test('a dialog keeps focus inside while open and gives it back when closed', async ({
    browser,
    assert,
  }) => {
    const { context, page } = await openGallery(browser)
    const opener = page.getByRole('button', { name: 'Open dialog' })
    await opener.click()
    const dialog = page.getByRole('dialog', { name: 'Rename project' })
    await dialog.waitFor()
    const focusInside = () =>
      dialog.evaluate((element) =>
        (element as unknown as BrowserElement).contains(document.activeElement)
      )

    assert.isTrue(await focusInside())
    for (let step = 0; step < 8; step++) {
      await page.keyboard.press('Tab')
      assert.isTrue(
        await focusInside(),
        `Tab ${step + 1} left the dialog for ${await focusedText(page)}`
      )
    }
    for (let step = 0; step < 8; step++) {
      await page.keyboard.press('Shift+Tab')
      assert.isTrue(await focusInside(), `Shift+Tab ${step + 1} left the dialog`)
    }
    assert.deepEqual(await seriousAccessibilityProblems(page), [])

    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    assert.equal(await focusedText(page), 'Open dialog')

    // The confirmation starts on Cancel, so Enter never deletes by accident.
    const deleteButton = page.getByRole('button', { name: 'Delete project' })
    await deleteButton.click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete Harbour Lights?' })
    await confirm.waitFor()
    assert.equal(await focusedText(page), 'Cancel')
    await confirm.getByRole('button', { name: 'Delete project' }).click()
    await page.getByText('Project deleted.').waitFor()
    await confirm.waitFor({ state: 'hidden' })
    assert.equal(await focusedText(page), 'Delete project')
    await context.close()
  })

  test('a table is a table on wide screens and a list of cards on a phone', async ({
    browser,
    assert,
  }) => {
    const wide = await openGallery(browser)
    const table = wide.page.getByRole('table', { name: 'Your uploads' })
    assert.deepEqual(await trimmedTexts(table.getByRole('columnheader')), [
      'File',
      'Size',
      'Uploaded',
      'Status',
      'Actions',
    ])
    assert.lengthOf(await table.getByRole('row').all(), 4)
    await wide.context.close()

    const { context, page } = await openGallery(browser, { size: PHONE, phone: true })
    assert.equal(await page.getByRole('table').count(), 0)
    const cards = page.getByRole('list', { name: 'Your uploads' }).getByRole('listitem')
    assert.lengthOf(await cards.all(), 3)
    const first = cards.first()
    assert.include(await first.textContent(), 'Day 3 rushes — camera A.mov')
    // Each value is labelled on the card.
    const size = first.locator('dt', { hasText: 'Size' })
    assert.equal(await size.locator('xpath=following-sibling::dd').textContent(), '48.2 GB')
    // The actions are on screen, not clipped off the right edge.
    for (const name of [
      'Share Day 3 rushes — camera A.mov',
      'Delete Day 3 rushes — camera A.mov',
    ]) {
      const box = (await first.getByRole('button', { name }).boundingBox())!
      assert.isAtMost(box.x + box.width, PHONE.width, `${name} is off screen`)
      assert.isAtLeast(box.height, 44, `${name} is smaller than a finger`)
    }
    assert.isAtMost(
      await page.evaluate(() => document.documentElement.scrollWidth),
      PHONE.width,
      'the page scrolls sideways'
    )
    await context.close()
  })

  test('on a phone the navigation folds behind a menu button, and controls are 44 px', async ({
    browser,
    assert,
  }) => {
    const { context, page } = await openGallery(browser, { size: PHONE, phone: true })
    const current = page.getByRole('link', { name: 'Components' })
    assert.isFalse(await current.isVisible())
    const toggle = page.getByRole('button', { name: 'Menu', exact: true })
    await toggle.click()
    await current.waitFor()
    assert.equal(await current.getAttribute('aria-current'), 'page')
    assert.equal(
      await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded'),
      'true'
    )
    const small = await smallTouchTargets(
      page,
      '.ui-button, .ui-icon-button, .ui-input-addon-button, .ui-tab, .ui-shell-nav-link, .ui-checkbox-row'
    )
    assert.deepEqual(small, [])
    await context.close()
  })

  test('a checkbox is ticked by its words or the space bar, and says its hint and its error', async ({
    browser,
    assert,
  }) => {
    const { context, page } = await openGallery(browser)
    const resolved = page.getByRole('checkbox', { name: 'Show resolved conflicts' })
    assert.isFalse(await resolved.isChecked())
    await page.getByText('Show resolved conflicts').click()
    assert.isTrue(await resolved.isChecked())
    await resolved.focus()
    await page.keyboard.press('Space')
    assert.isFalse(await resolved.isChecked())
    const email = page.getByRole('checkbox', { name: 'Send the call sheet by email' })
    const emailDescription = await email.getAttribute('aria-describedby')
    const hintId = emailDescription!.split(' ')[0]
    assert.equal(
      await page.locator(`[id="${hintId}"]`).innerText(),
      'Crew without an email address get a text message.'
    )
    const refused = page.getByRole('checkbox', { name: 'Allow public uploads' })
    assert.equal(await refused.getAttribute('aria-invalid'), 'true')
    const refusedDescription = await refused.getAttribute('aria-describedby')
    const errorId = refusedDescription!.split(' ')[0]
    assert.equal(
      await page.locator(`[id="${errorId}"]`).innerText(),
      'Only an admin can change this.'
    )
    await context.close()
  })

  test('password show/hide, select, date typed or picked, file drop zone', async ({
    browser,
    assert,
  }) => {
    const { context, page } = await openGallery(browser)

    const password = page.getByLabel('Password', { exact: true })
    assert.equal(await password.getAttribute('type'), 'password')
    const reveal = page.getByRole('button', { name: 'Show password' })
    await reveal.click()
    assert.equal(await password.getAttribute('type'), 'text')
    assert.equal(await reveal.getAttribute('aria-pressed'), 'true')

    const select = page.getByRole('combobox', { name: 'Department' })
    await select.click()
    await page.getByRole('option', { name: 'Sound' }).click()
    const chosenDepartment = await select.textContent()
    assert.equal(chosenDepartment?.trim(), 'Sound')

    const date = page.getByRole('textbox', { name: 'Shoot date' })
    await date.fill('2026-12-03')
    await date.press('Tab')
    await page.getByText('Date value: 2026-12-03').waitFor()
    // Shown in the browser's own layout once understood.
    const shown = await page.evaluate(() =>
      new Intl.DateTimeFormat(undefined, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(new Date(2026, 11, 3))
    )
    assert.equal(await date.inputValue(), shown)
    await date.fill('31/31/2026')
    await date.press('Tab')
    assert.equal(await date.getAttribute('aria-invalid'), 'true')
    await page.getByText('Date value: 2026-12-03').waitFor()

    const calendarButton = page.getByRole('button', { name: /^Choose date/ })
    await calendarButton.click()
    await page.getByRole('grid').waitFor()
    await page.getByRole('button', { name: /December 15/ }).click()
    await page.getByText('Date value: 2026-12-15').waitFor()
    await page.getByRole('grid').waitFor({ state: 'hidden' })
    assert.match(await focusedText(page), /^Choose date/)

    // Chosen through the zone's own input, then one dropped on it.
    const zone = page.getByRole('button', { name: /Files to send/ })
    await zone.focus()
    assert.isTrue(await zone.evaluate((element) => element === document.activeElement))
    await page.locator('.ui-drop input[type=file]').setInputFiles({
      name: 'call-sheet.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(1536),
    })
    const chosen = page.getByRole('list', { name: 'Chosen files' })
    await chosen.getByText('call-sheet.pdf').waitFor()
    assert.include(await chosen.textContent(), '1.5 kB')
    const dropped = await page.evaluateHandle(() => {
      const data = new DataTransfer()
      data.items.add(new File(['frames'], 'storyboard.png', { type: 'image/png' }))
      return data
    })
    await zone.dispatchEvent('drop', { dataTransfer: dropped })
    await chosen.getByText('storyboard.png').waitFor()
    await page.getByRole('button', { name: 'Remove call-sheet.pdf' }).click()
    await chosen.getByText('call-sheet.pdf').waitFor({ state: 'detached' })
    assert.lengthOf(await chosen.getByRole('listitem').all(), 1)
    await context.close()
  })

  test('with reduced motion asked for, nothing moves', async ({ browser, assert }) => {
    const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' })
    const page = await context.newPage()
    await page.goto(galleryUrl)
    await page.getByRole('heading', { name: 'Design system', level: 1 }).waitFor()
    const motion = await page.evaluate(() => ({
      duration: getComputedStyle(document.documentElement)
        .getPropertyValue('--ui-duration-normal')
        .trim(),
      skeleton: getComputedStyle(document.querySelector('.ui-skeleton')).animationName,
    }))
    assert.deepEqual(motion, { duration: '0ms', skeleton: 'none' })
    await context.close()
  })

  test('toasts: errors stay until dismissed', async ({ browser }) => {
    const { context, page } = await openGallery(browser)
    await page.getByRole('button', { name: 'Error toast' }).click()
    const message = page.getByText('The file could not be deleted', { exact: true })
    await message.waitFor()
    await page.getByRole('button', { name: 'Dismiss' }).click()
    await message.waitFor({ state: 'detached' })
    await context.close()
  })
})
