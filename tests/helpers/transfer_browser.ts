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
  await transferAccountMenu(page).waitFor()
}

/** The signed-in person's menu in the staff area's header (account, sign out). */
export function transferAccountMenu(page: Page) {
  return page.getByRole('button', { name: /account menu$/ })
}

/** Signs out from the person's menu, as a person does. */
export async function signOutOfTransfer(page: Page) {
  await transferAccountMenu(page).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
}
