import vine from '@vinejs/vine'
import { databaseId } from '#validators/shared/ids'
import { textBlock, textLine } from '#validators/shared/free_text'

const channel = vine.enum(['sms', 'email', 'both'] as const)
const ids = vine.array(databaseId()).maxLength(2000).optional()
const statusId = databaseId().nullable().optional()
/** An instant with its offset (ISO 8601), e.g. `2027-03-02T09:00:00Z`. */
const instant = vine
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/)
  .nullable()
  .optional()

const composition = {
  audience: vine.object({
    projectId: databaseId().nullable().optional(),
    statusIds: ids,
    crewRoleIds: ids,
    crewIds: ids,
    vendorIds: ids,
    groupIds: ids,
  }),
  templateId: databaseId().nullable().optional(),
  subject: textLine().maxLength(200).nullable().optional(),
  body: textBlock().maxLength(1600).nullable().optional(),
  channel,
  channels: vine.record(channel).optional(),
  sendAt: instant,
  answersCloseAt: instant,
  dates: textLine().maxLength(200).nullable().optional(),
  callTime: textLine().maxLength(100).nullable().optional(),
  location: textBlock().maxLength(300).nullable().optional(),
  rosterStatuses: vine
    .object({ available: statusId, unavailable: statusId, maybe: statusId })
    .optional(),
}

/** POST /api/messages and POST /api/messages/preview. */
export const composeMessageValidator = vine.create(composition)

const templateFields = {
  name: textLine().minLength(1).maxLength(100),
  kind: vine.enum(['sms', 'email'] as const),
  subject: textLine().maxLength(200).nullable().optional(),
  body: textBlock().minLength(1).maxLength(1600),
  isDefault: vine.boolean().optional(),
}

/** POST /api/message-templates. */
export const createTemplateValidator = vine.create(templateFields)

/** PATCH /api/message-templates/:id. */
export const updateTemplateValidator = vine.create({
  name: templateFields.name.optional(),
  subject: templateFields.subject,
  body: templateFields.body.optional(),
  isDefault: templateFields.isDefault,
})

const groupFields = {
  name: textLine().minLength(1).maxLength(100),
  members: vine
    .array(
      vine.object({
        resourceType: vine.enum(['crew', 'vendor'] as const),
        resourceId: databaseId(),
      })
    )
    .maxLength(2000),
}

/** POST /api/message-groups. */
export const createGroupValidator = vine.create(groupFields)

/** PATCH /api/message-groups/:id. */
export const updateGroupValidator = vine.create({
  name: groupFields.name.optional(),
  members: groupFields.members.optional(),
})

/** POST /answer/:token: the recipient's answer from their link. */
export const answerValidator = vine.create({
  answer: vine.enum(['available', 'unavailable', 'maybe'] as const),
  note: textBlock().maxLength(1000).nullable().optional(),
})
