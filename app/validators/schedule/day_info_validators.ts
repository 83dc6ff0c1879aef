import vine from '@vinejs/vine'
import { databaseId } from '#validators/shared/ids'
import { multiLineText, textLine } from '#validators/shared/free_text'
import { calendarDay } from '#validators/schedule/calendar_validators'

/** 'HH:MM', 24-hour. */
const clockTime = () =>
  vine
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .nullable()
    .optional()

/** PUT /api/projects/:id/day-info/:date: the fields given change, the others stay. */
export const dayInfoValidator = vine.create({
  title: textLine().maxLength(200).nullable().optional(),
  callTime: clockTime(),
  wrapTime: clockTime(),
  notes: vine.string().use(multiLineText()).maxLength(10_000).nullable().optional(),
  locationId: databaseId().nullable().optional(),
  params: vine.object({ date: calendarDay() }),
})

export const dayInfoDateValidator = vine.create({
  params: vine.object({ date: calendarDay() }),
})
