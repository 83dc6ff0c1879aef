import vine from '@vinejs/vine'
import { databaseId } from '#validators/shared/ids'
import { textLine } from '#validators/shared/free_text'

const resourceType = vine.enum(['project', 'crew', 'vendor'] as const)
const resourceId = databaseId()
const label = textLine().maxLength(200).nullable().optional()

/* vine's 'today' is the current moment; compared by the second, "after" means in the future. */
const expiresAt = vine
  .date({ formats: ['iso8601'] })
  .after('today', { compare: 'second' })
  .nullable()
  .optional()

export const shareListValidator = vine.create({
  resourceType: resourceType.clone().optional(),
  resourceId: resourceId.clone().optional(),
})

export const createShareValidator = vine.create({ resourceType, resourceId, label, expiresAt })

/** `expiresAt: null` means the link never expires; `revoked` revokes or reinstates it. */
export const updateShareValidator = vine.create({
  label: label.clone(),
  expiresAt: expiresAt.clone(),
  revoked: vine.boolean({ strict: true }).optional(),
})
