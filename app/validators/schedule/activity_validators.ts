import vine from '@vinejs/vine'
import { calendarDay } from '#validators/schedule/calendar_validators'

/** 'HH:MM', 24-hour. */
export const clockTime = () =>
  vine
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)

const id = () => vine.number().withoutDecimals().positive()
const ids = () => vine.array(id()).maxLength(500)

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
  notes: vine.string().maxLength(10_000).nullable().optional(),
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
  name: vine.string().trim().minLength(1).maxLength(200),
  startTime: clockTime(),
  ...activityFields(),
})

/** The fields given change; participant lists, when given, replace the old ones. */
export const updateActivityValidator = vine.create({
  date: calendarDay().optional(),
  name: vine.string().trim().minLength(1).maxLength(200).optional(),
  startTime: clockTime().optional(),
  ...activityFields(),
})

export const copyDayValidator = vine.create({
  projectId: id(),
  from: calendarDay(),
  to: calendarDay(),
  replace: vine.boolean().optional(),
})

const columnName = () => vine.string().trim().minLength(1).maxLength(100)

export const createColumnValidator = vine.create({ name: columnName() })

export const updateColumnValidator = vine.create({
  name: columnName().optional(),
  sortOrder: vine.number().withoutDecimals().min(0).max(10_000).optional(),
})

export const columnDayValidator = vine.create({
  hidden: vine.boolean(),
  params: vine.object({ date: calendarDay() }),
})
