import vine from '@vinejs/vine'
import { calendarDay } from '#validators/schedule/calendar_validators'

export const dayNoteListValidator = vine.create({
  projectId: vine.number().withoutDecimals().positive(),
})

/** PUT /api/notes: note and isScheduled given change, absent ones stay. */
export const dayNoteValidator = vine.create({
  kind: vine.enum(['crew', 'vendor'] as const),
  assignmentId: vine.number().withoutDecimals().positive(),
  date: calendarDay(),
  note: vine.string().trim().maxLength(10_000).nullable().optional(),
  isScheduled: vine.boolean().optional(),
})
