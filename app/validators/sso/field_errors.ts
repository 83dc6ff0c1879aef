import { errors as vineErrors } from '@vinejs/vine'

/**
 * Refuses a request because of one field, with the same 422 body VineJS
 * produces, for rules that need the database or a secret (a wrong current
 * password, a taken username).
 */
export function rejectField(field: string, message: string, rule = 'invalid'): never {
  throw new vineErrors.E_VALIDATION_ERROR([{ field, message, rule }])
}
