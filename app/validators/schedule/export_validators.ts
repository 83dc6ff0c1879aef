import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { calendarDay } from '#validators/schedule/calendar_validators'
import { optionalId, searchTerm } from '#validators/schedule/record_fields'
import { isCalendarDay } from '#services/schedule/projects/project_days'

/* An export's range has no length limit (it streams), but `to` cannot come before `from`. */
const notBeforeFrom = vine.createRule((value: unknown, _: undefined, field: FieldContext) => {
  const from = field.parent?.from
  if (typeof value === 'string' && typeof from === 'string' && isCalendarDay(from)) {
    if (isCalendarDay(value) && value < from) {
      field.report('The {{ field }} field must not be before from', 'rangeOrder', field)
    }
  }
})

/**
 * GET /api/exports/:file's query: the projects' range and the calendar's
 * filters (projects, rosters), the people of a roster, and the directory's
 * filters (crew, vendors, locations, clients). A kind ignores the filters
 * that are not its own.
 */
export const bulkExportValidator = vine.create({
  from: calendarDay().optional(),
  to: calendarDay().use(notBeforeFrom()).optional(),
  search: searchTerm(),
  clientId: optionalId(),
  projectStatusId: optionalId(),
  locationId: optionalId(),
  regionId: optionalId(),
  kind: vine.enum(['all', 'crew', 'vendor'] as const).optional(),
  personSearch: searchTerm(),
  crewRoleId: optionalId(),
  vendorTypeId: optionalId(),
  locationTypeId: optionalId(),
  starred: vine.boolean().optional(),
})
