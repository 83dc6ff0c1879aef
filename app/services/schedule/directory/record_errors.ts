import { Exception } from '@adonisjs/core/exceptions'
import { errors as vineErrors } from '@vinejs/vine'

/*
 * Refusals a schedule service throws. Each carries its HTTP status, so the
 * global handler answers `{ message }` with it and controllers stay thin.
 */

/** 404: the record does not exist or is in the trash. */
export class RecordNotFoundError extends Exception {
  static status = 404
}

/** 409: a name that must be unique is taken, or a link already exists. */
export class DuplicateRecordError extends Exception {
  static status = 409
}

/**
 * A body that passed its schema but does not fit the data (an id list that
 * misses a record, say): the same 422 field errors VineJS gives.
 */
export function invalidField(field: string, message: string, rule: string) {
  return new vineErrors.E_VALIDATION_ERROR([{ field, message, rule }])
}
