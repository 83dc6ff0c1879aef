import vine from '@vinejs/vine'
import { calendarDay, rangeEnd } from '#validators/schedule/calendar_validators'

/** GET /api/crew/:id/assignments and /api/vendors/:id/assignments: `to` only with `from`. */
export const bookingRangeValidator = vine.create({
  from: calendarDay().optional().requiredIfExists('to'),
  to: rangeEnd().optional(),
})
