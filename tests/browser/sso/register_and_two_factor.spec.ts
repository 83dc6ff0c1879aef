import { test } from '@japa/runner'
import { generate } from 'otplib'
import { readOutbox } from '#services/shared/mail/outbox_transport'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'

const EMAIL = 'new.gaffer@example.com'
const PASSWORD = 'lamps and cables all day'

/**
 * A newcomer in Chromium: registers, confirms the address from the mail,
 * turns on two-factor authentication with the QR page's manual key, then
 * signs out and back in with a code.
 */
test.group('register, verify, enrol TOTP and sign in with it', (group) => {
  let running: SeededStack
  let outbox: string

  group.setup(async () => {
    const shared = await sharedBrowserStack()
    running = shared
    outbox = shared.outbox.sso
  })

  async function linkFromMail(subject: string) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const messages = await readOutbox(outbox)
      const found = messages.filter(
        (message) => message.subject === subject && message.to.includes(EMAIL)
      )
      const url = found.at(-1)?.html?.match(/href="([^"]+)"/)?.[1]
      if (url) {
        return url.replaceAll('&amp;', '&')
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`no "${subject}" mail reached the outbox`)
  }

  test('the whole path', async ({ browserContext, assert }) => {
    const sso = running.stack.url('sso')
    const page = await browserContext.newPage()

    await page.goto(`${sso}/login`)
    await page.getByRole('link', { name: 'Create an account' }).click()
    await page.getByLabel('Name').fill('New Gaffer')
    await page.getByLabel('Email').fill(EMAIL)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByText(`We sent a link to ${EMAIL}`).waitFor()

    await page.goto(await linkFromMail('Confirm your email address'))
    await page.getByText('Your email address is confirmed').waitFor()

    await page.getByLabel('Email').fill(EMAIL)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Your apps' }).waitFor()

    await page.getByRole('link', { name: 'Security' }).click()
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click()
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
    const secret = (await page.locator('code.key').textContent())!.trim()
    assert.match(secret, /^[A-Z2-7]+$/)
    await page.getByLabel('The 6-digit code your app shows').fill(await generate({ secret }))
    await page.getByRole('button', { name: 'Turn on' }).click()
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor()
    assert.lengthOf(
      await page.getByRole('list', { name: 'Recovery codes' }).locator('li').all(),
      10
    )

    await page.getByRole('button', { name: /account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    await page.getByLabel('Email').fill(EMAIL)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor()

    // The enrolment used this 30 s step; the next step's code is within the one-step drift.
    const nextCode = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 })
    await page.getByLabel('Code from your authenticator app').fill(nextCode)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('heading', { name: 'Your apps' }).waitFor()
    assert.equal(new URL(page.url()).pathname, '/')
  })
})
