import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'

/*
 * NIST SP 800-63B style: a length range and a block list, no composition
 * rules. The upper bound only guards the hashing cost; nothing is truncated.
 */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 256

let commonPasswords: Set<string> | null = null

function loadCommonPasswords() {
  if (!commonPasswords) {
    const text = readFileSync(app.makePath('resources/security/common_passwords.txt'), 'utf8')
    commonPasswords = new Set(
      text.split('\n').filter((line) => line.length > 0 && !line.startsWith('#'))
    )
  }
  return commonPasswords
}

/** Length counts characters as people see them (code points), so any Unicode works. */
export function passwordLength(password: string) {
  return [...password].length
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, context: { email?: string } = {}) {
  const length = passwordLength(password)
  if (length < PASSWORD_MIN_LENGTH) {
    return `Use at least ${PASSWORD_MIN_LENGTH} characters.`
  }
  if (length > PASSWORD_MAX_LENGTH) {
    return `Use at most ${PASSWORD_MAX_LENGTH} characters.`
  }
  const lowered = password.toLowerCase()
  if (loadCommonPasswords().has(lowered)) {
    return 'This password is too common. Choose one that is harder to guess.'
  }
  if (context.email && lowered === context.email.toLowerCase()) {
    return 'Do not use your email address as your password.'
  }
  return null
}
