import vine from '@vinejs/vine'
import {
  NOTES_MAX_LENGTH,
  optionalEmail,
  optionalLine,
  optionalPhone,
  optionalText,
  recordName,
  searchTerm,
} from '#validators/schedule/record_fields'

const clientFields = () => ({
  contactName: optionalLine(200),
  email: optionalEmail(),
  phone: optionalPhone(),
  notes: optionalText(NOTES_MAX_LENGTH),
})

export const createClientValidator = vine.create({ name: recordName(), ...clientFields() })

export const updateClientValidator = vine.create({
  name: recordName().optional(),
  ...clientFields(),
})

export const clientListValidator = vine.create({
  search: searchTerm(),
})
