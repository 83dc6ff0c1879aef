import vine from '@vinejs/vine'
import type { SchemaTypes } from '@vinejs/vine/types'

/*
 * The ids of the apps' rows are PostgreSQL `integer`s (increments()), so
 * 2147483647 is the largest there can be; a larger number would make the
 * query itself fail (a 500) instead of finding nothing.
 */
export const MAX_DATABASE_ID = 2_147_483_647

/** The decimals 1 to 2147483647, written without leading zeros. */
const DATABASE_ID_PATTERN =
  /^(?:[1-9]\d{0,8}|1\d{9}|20\d{8}|21[0-3]\d{7}|214[0-6]\d{6}|2147[0-3]\d{5}|21474[0-7]\d{4}|214748[0-2]\d{3}|2147483[0-5]\d{2}|21474836[0-3]\d|214748364[0-7])$/

/**
 * A route param holding a row's id: anything else (a word, 0, 2³¹) matches no
 * route, so it is a 404 like any id that names no row.
 */
export function databaseIdParam() {
  return { match: DATABASE_ID_PATTERN, cast: (value: string) => Number(value) }
}

/** A row's id in a body or query string: out of range is a 422 on the field. */
export function databaseId() {
  return vine.number().withoutDecimals().range([1, MAX_DATABASE_ID])
}

/** An object keyed by row ids (`{ "12": … }`): a key that is no id is a 422 on the object. */
export function keyedByDatabaseId<Schema extends SchemaTypes>(values: Schema) {
  return vine.record(values).validateKeys((keys, field) => {
    if (keys.some((key) => !DATABASE_ID_PATTERN.test(key))) {
      field.report('The {{ field }} field must be keyed by ids', 'databaseIdKeys', field)
    }
  })
}
