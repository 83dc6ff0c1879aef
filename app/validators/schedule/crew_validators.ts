import vine from '@vinejs/vine'
import {
  NOTES_MAX_LENGTH,
  optionalEmail,
  optionalId,
  optionalPhone,
  optionalReference,
  optionalText,
  recordName,
} from '#validators/schedule/record_fields'

const crewFields = () => ({
  phone: optionalPhone(),
  email: optionalEmail(),
  pronouns: optionalText(50),
  vehicle: optionalText(200),
  dietary: optionalText(1000),
  howWeMet: optionalText(1000),
  notes: optionalText(NOTES_MAX_LENGTH),
  crewRoleId: optionalReference('crew_roles'),
  regionId: optionalReference('regions'),
  starred: vine.boolean().optional(),
})

export const createCrewValidator = vine.create({ name: recordName(), ...crewFields() })

export const updateCrewValidator = vine.create({ name: recordName().optional(), ...crewFields() })

export const crewListValidator = vine.create({
  search: vine.string().trim().maxLength(200).optional(),
  crewRoleId: optionalId(),
  regionId: optionalId(),
  starred: vine.boolean().optional(),
})
