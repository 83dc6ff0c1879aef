import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/sso/user'
import { UserAccounts } from '#services/sso/user_accounts'

const PASSWORD = 'gaffer tape and coffee'

/**
 * An admin on the people page in Chromium: a row's actions are in its menu,
 * a disruptive one asks first, and the outcome shows beside the search.
 */
test.group('sso admin people in a browser', (group) => {
  let sso: string

  group.setup(async () => {
    const close = await testUtils.httpServer().start()
    sso = `http://${process.env.HOST}:${process.env.PORT}`
    return close
  })

  group.each.setup(() => testUtils.db().withGlobalTransaction())

  function person(email: string, extra: { isAdmin?: boolean } = {}) {
    return new UserAccounts().create({
      email,
      password: PASSWORD,
      displayName: email.split('@')[0],
      emailVerified: true,
      ...extra,
    })
  }

  test('disabling a person from their row asks first, then says it is done', async ({
    browserContext,
    assert,
  }) => {
    await person('admin.robin@example.com', { isAdmin: true })
    const sam = await person('sam.sparks@example.com')
    const page = await browserContext.newPage()
    await page.goto(`${sso}/login`)
    await page.getByLabel('Email').fill('admin.robin@example.com')
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Your apps' }).waitFor()
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
