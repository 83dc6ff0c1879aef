import vine from '@vinejs/vine'
import { databaseId } from '#validators/shared/ids'
import { textBlock, textLine } from '#validators/shared/free_text'

/*
 * Field rules the schedule's record bodies share. The body parser turns ''
 * into null, so a cleared optional field arrives as null and is stored so.
 */

/** A record's name: trimmed, 1 to 200 characters. */
export const recordName = () => textLine().minLength(1).maxLength(200)

/** Optional free text over several lines; null clears it. Notes allow 10,000 characters. */
export const optionalText = (maxLength: number) =>
  textBlock().maxLength(maxLength).nullable().optional()

/** Optional text on one line (a contact's name, pronouns); null clears it. */
export const optionalLine = (maxLength: number) =>
  textLine().maxLength(maxLength).nullable().optional()

/** A search box's query. */
export const searchTerm = () => textLine().maxLength(200).optional()

export const optionalEmail = () => vine.string().trim().email().maxLength(254).nullable().optional()

/** Phone numbers stay free text: people write them in every national format. */
export const optionalPhone = () => optionalLine(50)

export const NOTES_MAX_LENGTH = 10_000

/** The id of a row of `table`, or null for none; an unknown id is a 422 on the field. */
export const optionalReference = (table: string) =>
  databaseId().exists({ table, column: 'id' }).nullable().optional()

/** The id of a row of a soft-deleted `table` that is not in the trash. */
export const activeRecordId = (table: string) =>
  databaseId().exists({
    table,
    column: 'id',
    filter: (query) => {
      query.whereNull('deleted_at')
    },
  })

/** A number filter from a query string (`?regionId=3`). */
export const optionalId = () => databaseId().optional()
