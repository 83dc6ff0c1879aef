import vine from '@vinejs/vine'
import { databaseId, keyedByDatabaseId } from '#validators/shared/ids'
import { multiLineText, textBlock, textLine } from '#validators/shared/free_text'
import { calendarDay } from '#validators/schedule/calendar_validators'
import { timeZone } from '#validators/schedule/calendar_sync_validators'
import { CALL_SHEET_SECTIONS } from '#services/schedule/production/call_sheets'

/** 'HH:MM', 24-hour. */
export const clockTime = () =>
  vine
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)

const id = () => databaseId()
const ids = () => vine.array(id()).maxLength(500)

const activityName = () => textLine().minLength(1).maxLength(200)

const activityFields = () => ({
  activityTypeId: id().nullable().optional(),
  scheduleColumnId: id().nullable().optional(),
  /** No end time: a milestone. */
  endTime: clockTime().nullable().optional(),
  marker: vine
    .enum(['start', 'end'] as const)
    .nullable()
    .optional(),
  locationId: id().nullable().optional(),
  notes: vine.string().use(multiLineText()).maxLength(10_000).nullable().optional(),
  crewAssignmentIds: ids().optional(),
  vendorAssignmentIds: ids().optional(),
})

export const activityListValidator = vine.create({
  projectId: id(),
  date: calendarDay().optional(),
})

export const createActivityValidator = vine.create({
  projectId: id(),
  date: calendarDay(),
  name: activityName(),
  startTime: clockTime(),
  ...activityFields(),
})

/** The fields given change; participant lists, when given, replace the old ones. */
export const updateActivityValidator = vine.create({
  date: calendarDay().optional(),
  name: activityName().optional(),
  startTime: clockTime().optional(),
  ...activityFields(),
})

export const copyDayValidator = vine.create({
  projectId: id(),
  from: calendarDay(),
  to: calendarDay(),
  replace: vine.boolean().optional(),
})

const columnName = () => textLine().minLength(1).maxLength(100)

export const createColumnValidator = vine.create({ name: columnName() })

export const updateColumnValidator = vine.create({
  name: columnName().optional(),
  sortOrder: vine.number().withoutDecimals().min(0).max(10_000).optional(),
})

export const columnDayValidator = vine.create({
  hidden: vine.boolean(),
  params: vine.object({ date: calendarDay() }),
})

const text = (max = 2000) => textBlock().maxLength(max).nullable().optional()
const line = (max: number) => textLine().maxLength(max).nullable().optional()

export const callSheetConfigValidator = vine.create({
  hiddenSections: vine.array(vine.enum(CALL_SHEET_SECTIONS)).maxLength(20).optional(),
  companyName: line(200),
  companyAddress: text(500),
  companyPhone: line(50),
  companyEmail: vine.string().trim().email().maxLength(254).nullable().optional(),
  generalCall: clockTime().nullable().optional(),
  emergencyInfo: text(),
  timezone: vine.string().trim().maxLength(64).use(timeZone()).nullable().optional(),
  publicCrewIds: ids().optional(),
  publicVendorIds: ids().optional(),
})

export const callSheetDayValidator = vine.create({
  params: vine.object({ date: calendarDay() }),
})

export const callSheetOverrideValidator = vine.create({
  generalCall: clockTime().nullable().optional(),
  locationId: id().nullable().optional(),
  notes: text(10_000),
  weatherNote: text(),
  parking: text(),
  nearestHospital: text(),
  safetyNotes: text(10_000),
  crewCalls: keyedByDatabaseId(clockTime().nullable()).optional(),
  params: vine.object({ date: calendarDay() }),
})

const contactRole = () => textLine().minLength(1).maxLength(100)
const contactName = () => textLine().minLength(1).maxLength(200)

const contactFields = {
  phone: line(50),
  email: vine.string().trim().email().maxLength(254).nullable().optional(),
  isPublic: vine.boolean().optional(),
}

export const createContactValidator = vine.create({
  role: contactRole(),
  name: contactName(),
  ...contactFields,
})

export const updateContactValidator = vine.create({
  role: contactRole().optional(),
  name: contactName().optional(),
  sortOrder: vine.number().withoutDecimals().min(0).max(10_000).optional(),
  ...contactFields,
})

/** Every contact of the project, in their new order. */
export const contactOrderValidator = vine.create({ ids: ids() })
