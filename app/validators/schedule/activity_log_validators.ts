import vine from '@vinejs/vine'
import { databaseId } from '#validators/shared/ids'
import { textLine } from '#validators/shared/free_text'

export const activityLogListValidator = vine.create({
  projectId: databaseId().optional(),
  entityType: textLine().maxLength(50).optional(),
  entityId: textLine().maxLength(50).optional(),
  page: vine.number().withoutDecimals().min(1).optional(),
  perPage: vine.number().withoutDecimals().min(1).max(200).optional(),
})
