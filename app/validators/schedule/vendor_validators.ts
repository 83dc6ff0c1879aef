import vine from '@vinejs/vine'
import { textLine } from '#validators/shared/free_text'
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

/** An http(s) address; "example.com" is stored as "https://example.com", so it links. */
const website = () =>
  textLine()
    .maxLength(500)
    .url({ protocols: ['http', 'https'], require_protocol: false })
    .transform((value) => (/^https?:\/\//i.test(value) ? value : `https://${value}`))
    .nullable()
    .optional()

const vendorFields = () => ({
  contactName: optionalLine(200),
  phone: optionalPhone(),
  email: optionalEmail(),
  website: website(),
  address: optionalText(1000),
  notes: optionalText(NOTES_MAX_LENGTH),
  vendorTypeId: optionalReference('vendor_types'),
  regionId: optionalReference('regions'),
  starred: vine.boolean().optional(),
})

export const createVendorValidator = vine.create({ name: recordName(), ...vendorFields() })

export const updateVendorValidator = vine.create({
  name: recordName().optional(),
  ...vendorFields(),
})

export const vendorListValidator = vine.create({
  search: searchTerm(),
  vendorTypeId: optionalId(),
  regionId: optionalId(),
  starred: vine.boolean().optional(),
})
