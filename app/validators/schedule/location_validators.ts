import vine from '@vinejs/vine'
import {
  NOTES_MAX_LENGTH,
  optionalId,
  optionalReference,
  optionalText,
  recordName,
  searchTerm,
} from '#validators/schedule/record_fields'

const locationFields = () => ({
  address: optionalText(1000),
  lat: vine.number().min(-90).max(90).nullable().optional(),
  lng: vine.number().min(-180).max(180).nullable().optional(),
  notes: optionalText(NOTES_MAX_LENGTH),
  locationTypeId: optionalReference('location_types'),
  regionId: optionalReference('regions'),
  starred: vine.boolean().optional(),
})

export const createLocationValidator = vine.create({ name: recordName(), ...locationFields() })

export const updateLocationValidator = vine.create({
  name: recordName().optional(),
  ...locationFields(),
})

export const locationListValidator = vine.create({
  search: searchTerm(),
  locationTypeId: optionalId(),
  regionId: optionalId(),
  starred: vine.boolean().optional(),
})
