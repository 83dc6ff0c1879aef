import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { daysBetween, isCalendarDay } from '#services/schedule/projects/project_days'

/** The longest range a calendar or conflicts query may ask for, in days. */
export const MAX_RANGE_DAYS = 400

const calendarDayRule = vine.createRule((value: unknown, _: undefined, field: FieldContext) => {
  if (typeof value === 'string' && !isCalendarDay(value)) {
    field.report('The {{ field }} field must be a date written YYYY-MM-DD', 'calendarDay', field)
  }
})

/** A calendar day, 'YYYY-MM-DD', as projects and day notes store it. */
export function calendarDay() {
  return vine.string().trim().use(calendarDayRule())
}

/*
 * `to` of a from/to pair: not before `from` and at most MAX_RANGE_DAYS after
 * it, so one request can never ask for years of bookings.
 */
const rangeEndRule = vine.createRule((value: unknown, _: undefined, field: FieldContext) => {
  const from = field.parent?.from
  if (typeof value !== 'string' || typeof from !== 'string') {
    return
  }
  if (!isCalendarDay(value) || !isCalendarDay(from)) {
    return
  }
  if (value < from) {
    field.report('The {{ field }} field must not be before from', 'rangeOrder', field)
  } else if (daysBetween(from, value) > MAX_RANGE_DAYS) {
    field.report(
      `The range from from to {{ field }} must not exceed ${MAX_RANGE_DAYS} days`,
      'rangeLength',
      field
    )
  }
})

export function rangeEnd() {
  return calendarDay().use(rangeEndRule())
}

/** GET /api/calendar/people. */
export const peopleCalendarValidator = vine.create({
  from: calendarDay(),
  to: rangeEnd(),
  kind: vine.enum(['all', 'crew', 'vendor'] as const).optional(),
})
