import vine from '@vinejs/vine'
import { databaseId } from '#validators/shared/ids'
import { textBlock } from '#validators/shared/free_text'
import { NOTED_RESOURCES } from '#services/schedule/directory/resource_notes'
import { NOTES_MAX_LENGTH } from '#validators/schedule/record_fields'

const resourceType = () => vine.enum(['crew', 'vendor', 'location'] as const)

/** The id of an active record of the kind `resourceType` names; otherwise a 422 here. */
const resourceId = () =>
  databaseId().exists(async (db, value, field) => {
    const type = field.parent.resourceType as keyof typeof NOTED_RESOURCES
    if (!Object.hasOwn(NOTED_RESOURCES, type)) {
      // resourceType reports its own error.
      return true
    }
    const record = await db
      .from(NOTED_RESOURCES[type].table)
      .where('id', value)
      .whereNull('deleted_at')
      .first()
    return Boolean(record)
  })

const body = () => textBlock().minLength(1).maxLength(NOTES_MAX_LENGTH)

export const resourceNoteListValidator = vine.create({
  resourceType: resourceType(),
  resourceId: resourceId(),
})

export const createResourceNoteValidator = vine.create({
  resourceType: resourceType(),
  resourceId: resourceId(),
  body: body(),
  pinned: vine.boolean().optional(),
})

export const updateResourceNoteValidator = vine.create({
  body: body().optional(),
  pinned: vine.boolean().optional(),
})
