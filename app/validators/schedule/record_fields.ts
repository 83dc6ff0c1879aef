import vine from '@vinejs/vine'

/*
 * Field rules the schedule's record bodies share. The body parser turns ''
 * into null, so a cleared optional field arrives as null and is stored so.
 */

/** A record's name: trimmed, 1 to 200 characters. */
export const recordName = () => vine.string().trim().minLength(1).maxLength(200)

/** Optional free text; null clears it. Notes allow 10,000 characters. */
export const optionalText = (maxLength: number) =>
  vine.string().trim().maxLength(maxLength).nullable().optional()

export const optionalEmail = () => vine.string().trim().email().maxLength(254).nullable().optional()

/** Phone numbers stay free text: people write them in every national format. */
export const optionalPhone = () => optionalText(50)

export const NOTES_MAX_LENGTH = 10_000

/** The id of a row of `table`, or null for none; an unknown id is a 422 on the field. */
export const optionalReference = (table: string) =>
  vine.number().withoutDecimals().positive().exists({ table, column: 'id' }).nullable().optional()

/** The id of a row of a soft-deleted `table` that is not in the trash. */
export const activeRecordId = (table: string) =>
  vine
    .number()
    .withoutDecimals()
    .positive()
    .exists({
      table,
      column: 'id',
      filter: (query) => {
        query.whereNull('deleted_at')
      },
    })

/** A number filter from a query string (`?regionId=3`). */
export const optionalId = () => vine.number().withoutDecimals().positive().optional()
