import { test } from '@japa/runner'
import ConnectedApp from '#models/sso/connected_app'
import { signInAtSso, ssoPagesGroup, ssoPerson } from '#tests/helpers/sso_pages'

/**
 * An admin on the connected apps page in Chromium: registering an app in a
 * dialog shows its secret key once, and a row's menu edits and disables it.
 */
test.group('sso admin connected apps in a browser', (group) => {
  const sso = ssoPagesGroup(group)

  test('register, see the secret once, edit and disable from the row', async ({
    browserContext,
    assert,
  }) => {
    await ssoPerson('admin.robin@example.com', { isAdmin: true })
    const page = await browserContext.newPage()
    await signInAtSso(page, sso.url, 'admin.robin@example.com')
    await page.getByRole('link', { name: 'Connected apps' }).click()
    await page.getByRole('heading', { name: 'No connected apps yet' }).waitFor()

    await page.getByRole('button', { name: 'Register an app' }).click()
    const register = page.getByRole('dialog', { name: 'Register an app' })
    await register.getByLabel('Name').fill('Transfer')
    await register.getByLabel('Return addresses').fill('ftp://files.example.com/callback')
    await register.getByRole('button', { name: 'Register app' }).click()
    await register.getByText(/^Line 1: /).waitFor()
    await register.getByLabel('Return addresses').fill('https://files.example.com/auth/callback')
    await register.getByRole('button', { name: 'Register app' }).click()
    await page.getByRole('heading', { name: '“Transfer” is registered' }).waitFor()
    const stored = await ConnectedApp.findByOrFail('name', 'Transfer')
    assert.equal(await page.getByLabel('App ID').inputValue(), stored.apiKey)
    assert.isNotEmpty(await page.getByLabel('Secret key').inputValue())
    await page.getByRole('button', { name: 'I have stored it' }).click()
    assert.isFalse(await page.getByLabel('Secret key').isVisible())

    await page.getByRole('button', { name: 'Actions for Transfer' }).click()
    await page.getByRole('menuitem', { name: 'Edit' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit “Transfer”' })
    await edit.getByLabel('Name').fill('Transfer (files)')
    await edit.getByRole('button', { name: 'Save “Transfer”' }).click()
    await page.getByText('“Transfer (files)” is saved.').waitFor()

    await page.getByRole('button', { name: 'Actions for Transfer (files)' }).click()
    await page.getByRole('menuitem', { name: 'Disable' }).click()
    await page
      .getByRole('alertdialog', { name: 'Disable “Transfer (files)”?' })
      .getByRole('button', { name: 'Disable' })
      .click()
    await page.getByText('“Transfer (files)” is disabled.').waitFor()
    await stored.refresh()
    assert.isFalse(stored.enabled)
  })
})
