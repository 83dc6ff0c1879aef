import vine from '@vinejs/vine'
import { databaseId } from '#validators/shared/ids'
import { textLine } from '#validators/shared/free_text'
import type {
  ReferenceFields,
  ReferenceListName,
} from '#services/schedule/directory/reference_lists'

/*
 * The bodies of the six reference lists (statuses, project statuses, crew
 * roles, vendor and location types, regions). Statuses carry an icon and
 * always a colour; the four plain lists a colour or none.
 */

const name = () => textLine().minLength(1).maxLength(200)
const color = () =>
  vine
    .string()
    .regex(/^#[0-9a-f]{6}$/i)
    .toLowerCase()
const icon = () => textLine().maxLength(16).nullable().optional()
const sortOrder = () => vine.number().withoutDecimals().min(0).max(1_000_000).optional()

const statusFields = () => ({
  icon: icon(),
  color: color().optional(),
  sortOrder: sortOrder(),
  isDefault: vine.boolean().optional(),
})

const plainFields = () => ({
  color: color().nullable().optional(),
  sortOrder: sortOrder(),
})

const statusValidators = {
  create: vine.create({ name: name(), ...statusFields(), booksPerson: vine.boolean().optional() }),
  update: vine.create({
    name: name().optional(),
    ...statusFields(),
    booksPerson: vine.boolean().optional(),
  }),
}

const projectStatusValidators = {
  create: vine.create({ name: name(), ...statusFields() }),
  update: vine.create({ name: name().optional(), ...statusFields() }),
}

// An activity type always has a colour (the day grid paints its blocks with it) and may name an icon.
const activityTypeFields = () => ({
  color: color().optional(),
  icon: textLine().maxLength(40).nullable().optional(),
  sortOrder: sortOrder(),
})

const activityTypeValidators = {
  create: vine.create({ name: name(), ...activityTypeFields() }),
  update: vine.create({ name: name().optional(), ...activityTypeFields() }),
}

const plainValidators = {
  create: vine.create({ name: name(), ...plainFields() }),
  update: vine.create({ name: name().optional(), ...plainFields() }),
}

/** What the controller needs of a list's validators, whichever list it is. */
type ReferenceListValidators = {
  create: { validate(data: unknown): Promise<ReferenceFields & { name: string }> }
  update: { validate(data: unknown): Promise<ReferenceFields> }
}

export const referenceListValidators: Record<ReferenceListName, ReferenceListValidators> = {
  'statuses': statusValidators,
  'project-statuses': projectStatusValidators,
  'crew-roles': plainValidators,
  'vendor-types': plainValidators,
  'location-types': plainValidators,
  'regions': plainValidators,
  'activity-types': activityTypeValidators,
}

export const referenceListOrderValidator = vine.create({
  ids: vine.array(databaseId()).maxLength(1000),
})
