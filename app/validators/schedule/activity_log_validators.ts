import vine from '@vinejs/vine'

export const activityLogListValidator = vine.create({
  projectId: vine.number().withoutDecimals().positive().optional(),
  entityType: vine.string().trim().maxLength(50).optional(),
  entityId: vine.string().trim().maxLength(50).optional(),
  page: vine.number().withoutDecimals().min(1).optional(),
  perPage: vine.number().withoutDecimals().min(1).max(200).optional(),
})
