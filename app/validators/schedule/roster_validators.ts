import vine from '@vinejs/vine'
import { databaseId } from '#validators/shared/ids'
import { multiLineText } from '#validators/shared/free_text'
import { calendarDay } from '#validators/schedule/calendar_validators'

const id = () => databaseId()

const bookingFields = {
  statusId: id().nullable().optional(),
  notes: vine.string().use(multiLineText()).maxLength(10_000).nullable().optional(),
}

/** POST /api/projects/:id/crew */
export const addCrewValidator = vine.create({
  crewId: id(),
  crewRoleId: id().nullable().optional(),
  ...bookingFields,
})

/** POST /api/projects/:id/vendors */
export const addVendorValidator = vine.create({
  vendorId: id(),
  ...bookingFields,
})

/** PATCH /api/projects/:id/crew/:assignmentId; crewId hands the booking to someone else. */
export const updateCrewBookingValidator = vine.create({
  crewId: id().optional(),
  crewRoleId: id().nullable().optional(),
  ...bookingFields,
})

export const updateVendorBookingValidator = vine.create({
  vendorId: id().optional(),
  ...bookingFields,
})

export const rosterOrderValidator = vine.create({
  entries: vine
    .array(vine.object({ kind: vine.enum(['crew', 'vendor'] as const), id: id() }))
    .maxLength(10_000),
})

/** POST /api/projects/:id/roster/move: another person, another day, or both. */
export const rosterMoveValidator = vine.create({
  kind: vine.enum(['crew', 'vendor'] as const),
  assignmentId: id(),
  toResourceId: id().optional(),
  fromDate: calendarDay().optional().requiredIfExists('toDate'),
  toDate: calendarDay().optional().requiredIfExists('fromDate'),
})
