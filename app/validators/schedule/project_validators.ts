import vine from '@vinejs/vine'
import { databaseId } from '#validators/shared/ids'
import { multiLineText, textLine } from '#validators/shared/free_text'
import type { FieldContext } from '@vinejs/vine/types'
import { calendarDay, rangeEnd } from '#validators/schedule/calendar_validators'
import { searchTerm } from '#validators/schedule/record_fields'
import { daysBetween, isCalendarDay } from '#services/schedule/projects/project_days'

/** A project runs at most this many days, start and end included. */
export const MAX_PROJECT_DAYS = 366

/** Checks endDate against startDate when both are in the body (an update may send one). */
const projectEndRule = vine.createRule((value: unknown, _: undefined, field: FieldContext) => {
  const start = field.parent?.startDate
  if (typeof value !== 'string' || typeof start !== 'string') {
    return
  }
  if (!isCalendarDay(value) || !isCalendarDay(start)) {
    return
  }
  if (value < start) {
    field.report('The end date must be on or after the start date', 'afterOrEqual', field)
  } else if (daysBetween(start, value) + 1 > MAX_PROJECT_DAYS) {
    field.report(`A project runs at most ${MAX_PROJECT_DAYS} days`, 'maxDays', field)
  }
})

const colour = () =>
  vine
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .toLowerCase()

const projectName = () => textLine().minLength(1).maxLength(200)

const reference = () => databaseId().nullable().optional()

const projectFields = {
  color: colour().optional(),
  textColor: colour().optional(),
  notes: vine.string().use(multiLineText()).maxLength(10_000).nullable().optional(),
  clientId: reference(),
  locationId: reference(),
  projectStatusId: reference(),
  regionId: reference(),
}

export const createProjectValidator = vine.create({
  name: projectName(),
  startDate: calendarDay(),
  endDate: calendarDay().use(projectEndRule()),
  ...projectFields,
})

/* null passes here so the service can refuse it for fields a project must have. */
export const updateProjectValidator = vine.create({
  ...projectFields,
  name: projectName().nullable().optional(),
  startDate: calendarDay().nullable().optional(),
  endDate: calendarDay().use(projectEndRule()).nullable().optional(),
  color: colour().nullable().optional(),
  textColor: colour().nullable().optional(),
})

/** GET /api/projects: a date range (both ends), or a page of the search. */
export const projectListValidator = vine.create({
  from: calendarDay().optional().requiredIfExists('to'),
  to: rangeEnd().optional().requiredIfExists('from'),
  search: searchTerm(),
  page: vine.number().withoutDecimals().min(1).optional(),
  perPage: vine.number().withoutDecimals().min(1).max(200).optional(),
})
