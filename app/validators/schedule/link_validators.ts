import vine from '@vinejs/vine'
import {
  NOTES_MAX_LENGTH,
  activeRecordId,
  optionalId,
  optionalText,
} from '#validators/schedule/record_fields'

export const crewVendorLinkListValidator = vine.create({
  crewId: optionalId(),
  vendorId: optionalId(),
})

/** Both must be active: a crew member or vendor in the trash cannot be linked. */
export const createCrewVendorLinkValidator = vine.create({
  crewId: activeRecordId('crews'),
  vendorId: activeRecordId('vendors'),
  notes: optionalText(NOTES_MAX_LENGTH),
})
