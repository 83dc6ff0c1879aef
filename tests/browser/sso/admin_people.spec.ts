import { test } from '@japa/runner'
import User from '#models/sso/user'
import { signInAtSso, ssoPagesGroup, ssoPerson } from '#tests/helpers/sso_pages'

/**
 * An admin on the people page in Chromium: a row's actions are in its menu,
 * a disruptive one asks first, and the outcome shows beside the search.
 */
test.group('sso admin people in a browser', (group) => {
  const sso = ssoPagesGroup(group)

  test('disabling a person from their row asks first, then says it is done', async ({
    browserContext,
    assert,
  }) => {
    await ssoPerson('admin.robin@example.com', { isAdmin: true })
    const sam = await ssoPerson('sam.sparks@example.com', { displayName: 'Sam Sparks' })
    const page = await browserContext.newPage()
    await signInAtSso(page, sso.url, 'admin.robin@example.com')
    await page.getByRole('link', { name: 'People' }).click()
    await page.getByRole('heading', { name: 'People', level: 1 }).waitFor()

    await page.getByRole('button', { name: 'Actions for sam.sparks@example.com' }).click()
    await page.getByRole('menuitem', { name: 'Disable' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Disable sam.sparks@example.com?' })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await sam.refresh()
    assert.isFalse(sam.isDisabled)

    await page.getByRole('button', { name: 'Actions for sam.sparks@example.com' }).click()
    await page.getByRole('menuitem', { name: 'Disable' }).click()
    await dialog.getByRole('button', { name: 'Disable and sign out' }).click()
    await page.getByText('sam.sparks@example.com is disabled; 0 sessions ended.').waitFor()
    await page
      .getByRole('row', { name: /sam\.sparks/ })
      .getByText('Disabled')
      .waitFor()
    const stored = await User.findByOrFail('email', 'sam.sparks@example.com')
    assert.isTrue(stored.isDisabled)
  })
})
