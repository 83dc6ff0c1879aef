import vine from '@vinejs/vine'
import { databaseId } from '#validators/shared/ids'
import { textBlock } from '#validators/shared/free_text'
import { calendarDay, rangeEnd } from '#validators/schedule/calendar_validators'

/** from/to of the conflict lists; both optional (today and a year on). */
const range = {
  from: calendarDay().optional(),
  to: rangeEnd().optional(),
}

export const conflictListValidator = vine.create({
  ...range,
  includeResolved: vine.boolean().optional(),
})

export const resolutionListValidator = vine.create(range)

export const createResolutionValidator = vine.create({
  kind: vine.enum(['crew', 'vendor'] as const),
  resourceId: databaseId(),
  date: calendarDay(),
  projectIds: vine.array(databaseId()).minLength(2).maxLength(100),
  note: textBlock().maxLength(10_000).nullable().optional(),
})
