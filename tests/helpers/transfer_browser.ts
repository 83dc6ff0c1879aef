import type { Page } from 'playwright'
import type { SeededStack } from '#tests/helpers/browser_stack'

/** The seeded admin signs in to transfer's staff area through sso, as a person does. */
export async function signInToTransferAdmin(
  page: Page,
  { stack, seed }: Pick<SeededStack, 'stack' | 'seed'>
) {
  await page.goto(`${stack.url('transfer')}/admin`)
  await page.waitForURL(`${stack.url('sso')}/login`)
  await page.getByLabel('Email').fill(seed.admin.email)
  await page.getByLabel('Password').fill(seed.admin.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('button', { name: 'Sign out' }).waitFor()
}
