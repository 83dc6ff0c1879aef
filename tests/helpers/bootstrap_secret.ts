import { Secret } from '@adonisjs/core/helpers'
import env from '#start/env'

/*
 * Sets or unsets BOOTSTRAP_SECRET for one test. env.set(key, undefined) would
 * leave the string 'undefined' in process.env, which env.get falls back to,
 * so unsetting also deletes the process variable.
 */
export function setBootstrapSecret(value: string | undefined) {
  env.set('BOOTSTRAP_SECRET', value === undefined ? undefined : new Secret(value))
  if (value === undefined) {
    delete process.env.BOOTSTRAP_SECRET
  }
}

/** For `group.each.setup`: the value of BOOTSTRAP_SECRET comes back after each test. */
export function restoreBootstrapSecretAfterEach() {
  const previous = env.get('BOOTSTRAP_SECRET')?.release()
  return () => setBootstrapSecret(previous)
}
