import testUtils from '@adonisjs/core/services/test_utils'
import type { Group } from '@japa/runner/core'
import { signingKeys } from '#services/sso/signing_keys'

/**
 * Each test in its own rolled-back transaction, with the process's key cache
 * reloaded inside it: a key cached by an earlier, rolled-back test must not
 * sign tokens this test expects to find in the database.
 */
export function eachTestWithItsOwnKeys(group: Group) {
  group.each.setup(async () => {
    const rollback = await testUtils.db().withGlobalTransaction()
    await signingKeys.reload()
    return rollback
  })
}
