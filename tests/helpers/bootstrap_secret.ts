import { Secret } from '@adonisjs/core/helpers'
import env from '#start/env'
import { setEnvValue } from '#tests/helpers/test_env'

/** Sets or unsets BOOTSTRAP_SECRET for one test. */
export function setBootstrapSecret(value: string | undefined) {
  setEnvValue('BOOTSTRAP_SECRET', value === undefined ? undefined : new Secret(value))
}

/** For `group.each.setup`: the value of BOOTSTRAP_SECRET comes back after each test. */
export function restoreBootstrapSecretAfterEach() {
  const previous = env.get('BOOTSTRAP_SECRET')?.release()
  return () => setBootstrapSecret(previous)
}
