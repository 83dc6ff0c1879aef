import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Page } from 'playwright'
import User from '#models/sso/user'
import { UserAccounts } from '#services/sso/user_accounts'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { signingKeys } from '#services/sso/signing_keys'

/** The dark half of the kit's page colour token, as the browser reports a colour. */
function darkPageColour(): string {
  const tokens = readFileSync(new URL('../../../inertia/css/tokens.css', import.meta.url), 'utf8')
  const hex = /--ui-neutral-50:\s*light-dark\([^,]+,\s*#([0-9a-f]{6})\)/i.exec(tokens)![1]
  const [red, green, blue] = [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16))
  return `rgb(${red}, ${green}, ${blue})`
}

type Received = { type: string; height?: number; user?: { displayName: string } }

/**
 * A relying app's page on its own origin: its server asks sso for an embed
 * token (server to server, with the secretKey) and frames the widget; its
 * script records every message from the widget.
 */
function parentPage(
  ssoUrl: string,
  credentials: () => { apiKey: string; secretKey: string; userId: number }
) {
  return createServer(async (_request, response) => {
    const answer = await fetch(`${ssoUrl}/api/embed/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials()),
    })
    const { token } = (await answer.json()) as { token: string }
    response.setHeader('content-type', 'text/html; charset=utf-8')
    response.end(`<!doctype html>
<html><head><title>Relying app</title></head><body>
<h1>Relying app</h1>
<iframe id="widget" title="Your account" allow="clipboard-write" style="width: 100%; border: 0"
  src="${ssoUrl}/embed?token=${encodeURIComponent(token)}&section=profile"></iframe>
<script>
  window.received = []
  const frame = document.getElementById('widget')
  const sso = new URL(frame.src).origin
  window.addEventListener('message', (event) => {
    if (event.origin !== sso || event.source !== frame.contentWindow) return
    window.received.push(event.data)
    if (event.data.type === 'ax:resize') frame.style.height = event.data.height + 'px'
  })
  window.setTheme = (theme) => frame.contentWindow.postMessage({ type: 'ax:set-theme', theme }, sso)
</script>
</body></html>`)
  })
}

/* Code run in the browser is passed as strings: this file is type-checked without the DOM. */
function waitForMessage(page: Page, type: string) {
  return page.waitForFunction(`window.received.some((m) => m.type === ${JSON.stringify(type)})`)
}

function received(page: Page) {
  return page.evaluate<Received[]>('window.received')
}

test.group('sso account widget in a relying app', (group) => {
  let parent: Server
  let parentUrl: string
  let ssoUrl: string
  let credentials: { apiKey: string; secretKey: string; userId: number }

  group.setup(async () => {
    const closeSso = await testUtils.httpServer().start()
    ssoUrl = `http://${process.env.HOST}:${process.env.PORT}`
    parent = parentPage(ssoUrl, () => credentials)
    await new Promise<void>((resolve) => parent.listen(0, '127.0.0.1', resolve))
    parentUrl = `http://127.0.0.1:${(parent.address() as AddressInfo).port}`
    return async () => {
      await new Promise((resolve) => parent.close(resolve))
      await closeSso()
    }
  })

  group.each.setup(async () => {
    const rollback = await testUtils.db().withGlobalTransaction()
    await signingKeys.reload()
    const { app, secretKey } = await new ConnectedAppRegistry().create('relying app', [
      `${parentUrl}/auth/callback`,
    ])
    const user = await new UserAccounts().create({
      email: 'pat@example.com',
      password: 'correct horse battery',
      displayName: 'Pat Doe',
      emailVerified: true,
    })
    credentials = { apiKey: app.apiKey, secretKey, userId: user.id }
    return rollback
  })

  test('loads in the frame, reports its height, saves the profile and follows the theme', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await page.goto(parentUrl)
    await waitForMessage(page, 'ax:ready')
    await waitForMessage(page, 'ax:resize')
    const afterLoad = await received(page)
    const resize = afterLoad.find((message) => message.type === 'ax:resize')!
    assert.isAbove(resize.height!, 100)

    const widget = page.frameLocator('#widget')
    await widget.getByLabel('Display name').fill('Pat in the frame')
    await widget.getByRole('button', { name: 'Save profile' }).click()
    await widget.getByText('Profile saved.').waitFor()
    await waitForMessage(page, 'ax:profile-updated')
    const afterSave = await received(page)
    const updated = afterSave.find((message) => message.type === 'ax:profile-updated')!
    assert.equal(updated.user!.displayName, 'Pat in the frame')
    const stored = await User.findOrFail(credentials.userId)
    assert.equal(stored.displayName, 'Pat in the frame')

    const frame = page.frames().find((candidate) => candidate.url().startsWith(`${ssoUrl}/embed`))!
    const background = () =>
      frame.evaluate<string>('getComputedStyle(document.body).backgroundColor')
    const theme = () => frame.evaluate<string>('document.documentElement.dataset.theme')
    const light = await background()
    await page.evaluate("window.setTheme('dark')")
    await frame.waitForFunction(
      `getComputedStyle(document.body).backgroundColor !== ${JSON.stringify(light)}`
    )
    // The kit's dark page colour: the dark half of --ui-neutral-50 in tokens.css.
    assert.equal(await background(), darkPageColour())
    assert.equal(await theme(), 'dark')

    // A message from anything but the parent window is ignored.
    await frame.evaluate("window.postMessage({ type: 'ax:set-theme', theme: 'light' }, '*')")
    await page.waitForTimeout(300)
    assert.equal(await theme(), 'dark')
  })

  test('changes the password in the security tab and tells the parent', async ({
    browserContext,
  }) => {
    const page = await browserContext.newPage()
    await page.goto(parentUrl)
    await waitForMessage(page, 'ax:ready')

    const widget = page.frameLocator('#widget')
    await widget.getByRole('tab', { name: 'Security' }).click()
    await widget.getByText('Off: signing in needs only your password.').waitFor()
    await widget.getByLabel('Current password').fill('correct horse battery')
    await widget.getByLabel('New password', { exact: true }).fill('a much better passphrase')
    await widget.getByLabel('New password again').fill('a much better passphrase')
    await widget.getByRole('button', { name: 'Change password' }).click()
    await widget.getByText('Password changed.').waitFor()
    await waitForMessage(page, 'ax:password-changed')
  })
})
