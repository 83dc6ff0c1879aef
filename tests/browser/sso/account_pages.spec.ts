import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import { generate } from 'otplib'
import type { Page } from 'playwright'
import { signInAtSso, ssoPagesGroup, ssoPerson } from '#tests/helpers/sso_pages'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'

/**
 * What a person sees on sso's own pages in Chromium: forms that keep what
 * was typed, the apps page after signing in, saving recovery codes, and
 * human wording (device names, event names) on the security and audit pages.
 */
test.group('sso account pages in a browser', (group) => {
  const server = ssoPagesGroup(group)
  const person = ssoPerson
  const signIn = (page: Page, email: string) => signInAtSso(page, server.url, email)

  test('a failed sign-in keeps the email, and the password can be shown', async ({
    browserContext,
    assert,
  }) => {
    await person('robin@example.com')
    const page = await browserContext.newPage()
    await page.goto(`${server.url}/login`)
    await page.getByLabel('Email').fill('robin@example.com')
    const password = page.getByLabel('Password', { exact: true })
    await password.fill('not my password')
    assert.equal(await password.getAttribute('type'), 'password')
    await page.getByRole('button', { name: 'Show password', pressed: false }).click()
    assert.equal(await password.getAttribute('type'), 'text')
    await page.getByRole('button', { name: 'Show password', pressed: true }).click()
    assert.equal(await password.getAttribute('type'), 'password')

    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('Invalid email or password.').waitFor()
    assert.equal(await page.getByLabel('Email').inputValue(), 'robin@example.com')
    assert.equal(await page.getByLabel('Password', { exact: true }).inputValue(), '')
  })

  test('a refused registration keeps the name and email', async ({ browserContext, assert }) => {
    const page = await browserContext.newPage()
    await page.goto(`${server.url}/register`)
    await page.getByLabel('Name').fill('Sam Sparks')
    await page.getByLabel('Email').fill('sam.sparks@example.com')
    await page.getByLabel('Password', { exact: true }).fill('password123')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByText('This password is too common').waitFor()
    assert.equal(await page.getByLabel('Name').inputValue(), 'Sam Sparks')
    assert.equal(await page.getByLabel('Email').inputValue(), 'sam.sparks@example.com')
    assert.equal(await page.getByLabel('Password', { exact: true }).inputValue(), '')
  })

  test('signing in at sso directly lists the apps to open', async ({ browserContext, assert }) => {
    const registry = new ConnectedAppRegistry()
    await registry.create('Transfer', ['https://files.example.com/auth/callback'])
    await registry.create('Schedule', ['https://schedule.example.com/auth/callback'])
    const retired = await registry.create('Retired tool', ['https://old.example.com/auth/callback'])
    retired.app.enabled = false
    await retired.app.save()
    await person('robin@example.com')

    const page = await browserContext.newPage()
    await signIn(page, 'robin@example.com')
    const apps = page.getByRole('list', { name: 'Apps' }).getByRole('link')
    assert.deepEqual(await apps.allTextContents(), [
      'Schedulehttps://schedule.example.com/',
      'Transferhttps://files.example.com/',
    ])
    assert.equal(
      await page.getByRole('link', { name: /^Transfer/ }).getAttribute('href'),
      'https://files.example.com/'
    )

    // The account pages lead back to it.
    await page.getByRole('link', { name: 'Profile' }).click()
    await page.getByRole('heading', { name: 'Your profile' }).waitFor()
    await page.getByRole('link', { name: 'Your apps' }).click()
    await page.getByRole('heading', { name: 'Your apps' }).waitFor()
  })

  test('recovery codes are copied, downloaded and printed, and saved before the page moves on', async ({
    browserContext,
    assert,
  }) => {
    await person('robin@example.com')
    await browserContext.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.url,
    })
    const page = await browserContext.newPage()
    await signIn(page, 'robin@example.com')
    await page.getByRole('link', { name: 'Security' }).click()
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click()
    const secret = (await page.locator('code.key').textContent())!.trim()
    await page.getByLabel('The 6-digit code your app shows').fill(await generate({ secret }))
    await page.getByRole('button', { name: 'Turn on' }).click()

    const list = page.getByRole('list', { name: 'Recovery codes' })
    await list.waitFor()
    const codes = await list.locator('li').allTextContents()
    assert.lengthOf(codes, 10)
    // Until the person says they saved them, the codes are all the section shows.
    assert.isFalse(await page.getByText(/recovery codes left/).isVisible())

    await page.getByRole('button', { name: 'Copy' }).click()
    await page.getByText('Copied to the clipboard.').waitFor()
    assert.equal(await page.evaluate<string>('navigator.clipboard.readText()'), codes.join('\n'))

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download (.txt)' }).click(),
    ])
    assert.equal(download.suggestedFilename(), 'recovery-codes.txt')
    const file = await readFile((await download.path())!, 'utf8')
    for (const code of codes) {
      assert.include(file, code)
    }

    // Printed, the page is the codes alone.
    await page.emulateMedia({ media: 'print' })
    assert.isTrue(await list.isVisible())
    assert.isFalse(await page.getByRole('navigation', { name: 'Main' }).isVisible())
    assert.isFalse(await page.getByRole('button', { name: 'Print' }).isVisible())
    await page.emulateMedia({ media: 'screen' })

    await page.getByRole('button', { name: 'I have saved them' }).click()
    await page.getByText('10 recovery codes left.').waitFor()
    const status = await page.getByText(/^On since/).textContent()
    assert.notInclude(status!, '—')
    assert.match(status!, /\d/)
    assert.isFalse(await list.isVisible())
  })

  test('security and audit pages name devices and events as people say them', async ({
    browserContext,
    assert,
  }) => {
    await person('admin.robin@example.com', { isAdmin: true })
    const page = await browserContext.newPage()
    await signIn(page, 'admin.robin@example.com')

    await page.getByRole('link', { name: 'Security' }).click()
    await page.getByRole('heading', { name: 'Where you are signed in' }).waitFor()
    const sessions = page.locator('section', { hasText: 'Where you are signed in' })
    await sessions.getByRole('cell', { name: /^Chrome.* on Linux$/ }).waitFor()
    await sessions
      .getByRole('cell', { name: /ago|now/ })
      .first()
      .waitFor()
    const activity = page.locator('section', { hasText: 'Recent security activity' })
    await activity.getByRole('cell', { name: 'Signed in', exact: true }).waitFor()
    assert.notInclude(await activity.textContent(), 'sign_in')
    assert.notInclude(await page.locator('main, body').first().textContent(), 'Mozilla/5.0')

    await page.getByRole('link', { name: 'Audit log' }).click()
    await page.getByRole('heading', { name: 'Audit log' }).waitFor()
    const rows = page.getByRole('row').filter({ hasText: 'admin.robin@example.com' })
    await rows.filter({ hasText: 'Signed in' }).first().waitFor()
    await rows
      .getByRole('cell', { name: /^Chrome.* on Linux$/ })
      .first()
      .waitFor()
    await page.getByRole('combobox', { name: 'Event' }).click()
    await page.getByRole('option', { name: 'Sign-in failed' }).click()

    // Dates filter through the address, as the other filters do.
    const [tomorrow, tomorrowShown] = await page.evaluate(() => {
      const day = new Date(Date.now() + 86_400_000)
      const shownAs = new Intl.DateTimeFormat(undefined, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(day)
      return [
        `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`,
        shownAs,
      ]
    })
    await page.getByRole('combobox', { name: 'Event' }).click()
    await page.getByRole('option', { name: 'All events' }).click()
    // Typed as YYYY-MM-DD, the field shows the day in the reader's own layout.
    const from = page.getByLabel('From', { exact: true })
    await from.fill(tomorrow)
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.getByText('No events match these filters.').waitFor()
    assert.include(page.url(), `from=${tomorrow}`)
    assert.equal(await from.inputValue(), tomorrowShown)
    await page.reload()
    await page.getByText('No events match these filters.').waitFor()
    assert.equal(await from.inputValue(), tomorrowShown)

    await page.getByRole('button', { name: 'Clear' }).click()
    await rows.filter({ hasText: 'Signed in' }).first().waitFor()
    assert.notInclude(page.url(), 'from=')
  })
})
