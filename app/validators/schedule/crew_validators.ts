import vine from '@vinejs/vine'
import {
  NOTES_MAX_LENGTH,
  optionalEmail,
  optionalId,
  optionalLine,
  optionalPhone,
  optionalReference,
  optionalText,
  recordName,
  searchTerm,
} from '#validators/schedule/record_fields'

const crewFields = () => ({
  phone: optionalPhone(),
  email: optionalEmail(),
  pronouns: optionalLine(50),
  vehicle: optionalLine(200),
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
  search: searchTerm(),
  crewRoleId: optionalId(),
  regionId: optionalId(),
  starred: vine.boolean().optional(),
})
