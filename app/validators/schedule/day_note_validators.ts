import vine from '@vinejs/vine'
import { databaseId } from '#validators/shared/ids'
import { textBlock } from '#validators/shared/free_text'
import { calendarDay } from '#validators/schedule/calendar_validators'

export const dayNoteListValidator = vine.create({
  projectId: databaseId(),
})

/** PUT /api/notes: note and isScheduled given change, absent ones stay. */
export const dayNoteValidator = vine.create({
  kind: vine.enum(['crew', 'vendor'] as const),
  assignmentId: databaseId(),
  date: calendarDay(),
  note: textBlock().maxLength(10_000).nullable().optional(),
  isScheduled: vine.boolean().optional(),
})
