import { test } from '@japa/runner'
import type { Page } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { signInToTransferAdmin, transferAccountMenu } from '#tests/helpers/transfer_browser'

/**
 * An admin in Chromium runs transfer's admin area against the real stack:
 * people, settings and email templates, as the pages show them.
 */
test.group('transfer admin area in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await sharedBrowserStack())
  })

  function signIn(page: Page) {
    return signInToTransferAdmin(page, { stack, seed })
  }

  function openSection(page: Page, name: string) {
    return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click()
  }

  test("the person's menu, opened by keyboard, leads to their account at sso", async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await signIn(page)
    await transferAccountMenu(page).focus()
    await page.keyboard.press('Enter')
    const account = page.getByRole('menuitem', { name: 'Your account' })
    await account.waitFor()
    assert.equal(await account.getAttribute('href'), '/account')
    await page.keyboard.press('Enter')
    await page.waitForURL(`${stack.url('sso')}/profile`)
  })

  test('an admin adds a person, edits them, makes them admin and removes them', async ({
    browserContext,
  }) => {
    const page = await browserContext.newPage()
    await signIn(page)
    await openSection(page, 'Users')
    await page.getByRole('heading', { name: 'Users' }).waitFor()

    await page.getByLabel('Email', { exact: true }).fill('crew@example.com')
    await page.getByRole('button', { name: 'Add person' }).click()
    await page.getByText('crew@example.com can now sign in.', { exact: true }).waitFor()

    const row = page.getByRole('row').filter({ hasText: 'crew@example.com' })
    await row.getByRole('button', { name: 'Edit' }).click()
    const form = page.getByRole('form', { name: 'Edit crew@example.com' })
    await form.getByLabel('Name').fill('Casey Crew')
    await form.getByRole('combobox', { name: 'Role' }).click()
    await page.getByRole('option', { name: 'Admin' }).click()
    await form.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Saved crew@example.com.', { exact: true }).waitFor()
    await page.getByRole('row', { name: 'Casey Crew crew@example.com admin' }).waitFor()

    await page
      .getByRole('row')
      .filter({ hasText: 'crew@example.com' })
      .getByRole('button', { name: 'Remove' })
      .click()
    await page
      .getByRole('alertdialog', { name: 'Remove crew@example.com?' })
      .getByRole('button', { name: 'Remove' })
      .click()
    await page.getByText('crew@example.com can no longer sign in.', { exact: true }).waitFor()
    await page.getByRole('cell', { name: 'crew@example.com' }).waitFor({ state: 'detached' })
  })

  test('an admin saves the changed settings with one button and sees a refused value beside its field', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await signIn(page)
    await openSection(page, 'Settings')

    const form = page.getByRole('form', { name: 'Settings' })
    await form.getByRole('button', { name: 'Save settings' }).waitFor()
    assert.equal(await form.getByRole('button').count(), 1, 'one Save for the whole form')
    await form.getByLabel('Site name').fill('Acme Transfer')
    const retention = form.getByLabel('Upload retention days')
    await retention.fill('-1')
    await form.getByRole('button', { name: 'Save settings' }).click()

    await form
      .getByRole('alert')
      .filter({ hasText: 'Saved 1 setting; 1 setting not saved' })
      .waitFor()
    assert.equal(await retention.getAttribute('aria-invalid'), 'true')
    const reason = await retention.evaluate((field) => {
      // Browser-side: the message the field points to, as a screen reader reads it with the field.
      const [first] = String((field as any).getAttribute('aria-describedby')).split(' ')
      return (field as any).ownerDocument.getElementById(first)?.textContent ?? ''
    })
    assert.isAbove(reason.length, 0, 'the reason is tied to the field')
    await form.getByText(reason).waitFor()
    assert.equal(await retention.inputValue(), '-1', 'the refused value stays as typed')

    await retention.fill('60')
    await form.getByRole('button', { name: 'Save settings' }).click()
    await form.getByRole('status').filter({ hasText: 'Saved 1 setting.' }).waitFor()
    assert.isNull(await retention.getAttribute('aria-invalid'))

    await page.reload()
    const reloaded = page.getByRole('form', { name: 'Settings' })
    await reloaded.getByLabel('Site name').waitFor()
    assert.equal(await reloaded.getByLabel('Site name').inputValue(), 'Acme Transfer')
    assert.equal(await reloaded.getByLabel('Upload retention days').inputValue(), '60')
  })

  test('an admin edits a template with a live preview, saves, restores it and sends a test', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await signIn(page)
    const previewCalls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/preview')) previewCalls.push(request.url())
    })
    await openSection(page, 'Email templates')
    const picker = page.getByRole('combobox', { name: 'Email', exact: true })
    await picker.click()
    await page.getByRole('option', { name: 'Share notification', exact: true }).click()
    // The saved text's preview opened with the page: no request made it.
    await page
      .frameLocator('iframe[title="Email preview"]')
      .getByText('Sam Rivera shared Stills selection.zip')
      .waitFor()
    assert.deepEqual(previewCalls, [])

    await page.getByLabel('Subject').fill('{{senderName}} sent {{fileName}} to you')
    await page
      .getByTestId('preview-subject')
      .filter({ hasText: 'Sam Rivera sent Stills selection.zip to you' })
      .waitFor()
    const frame = page.locator('iframe[title="Email preview"]')
    assert.equal(await frame.getAttribute('sandbox'), '')
    await page
      .frameLocator('iframe[title="Email preview"]')
      .getByText('Sam Rivera shared Stills selection.zip')
      .waitFor()

    await page.getByLabel('Body').fill('Your password is {{password}}')
    await page.getByText('The preview is out of date').waitFor()
    await page.getByRole('button', { name: 'Save template' }).click()
    await page.getByText('This email has no placeholder {{password}}', { exact: true }).waitFor()

    await page.getByLabel('Body').fill('Get it at ')
    await page.getByRole('button', { name: /\{\{shareUrl\}\}/ }).click()
    assert.equal(await page.getByLabel('Body').inputValue(), 'Get it at {{shareUrl}}')
    await page
      .frameLocator('iframe[title="Email preview"]')
      .getByRole('link', { name: 'https://transfer.example.com/s/3f9a7c1e' })
      .waitFor()
    await page.getByRole('button', { name: 'Save template' }).click()
    await page.getByText('Saved. Emails of this kind use the new text from now on.').waitFor()
    await picker.filter({ hasText: 'Share notification (edited)' }).waitFor()

    await page.getByRole('button', { name: 'Send test email' }).click()
    await page.getByText(`Test email sent to ${seed.admin.email}.`).waitFor()

    await page.getByRole('button', { name: 'Restore default' }).click()
    await page
      .getByRole('alertdialog', { name: 'Restore the shipped text?' })
      .getByRole('button', { name: 'Restore default' })
      .click()
    await page.getByText('The shipped text is back.').waitFor()
    assert.equal(
      await page.getByLabel('Subject').inputValue(),
      '{{senderName}} shared {{fileName}} with you'
    )
  })
})
