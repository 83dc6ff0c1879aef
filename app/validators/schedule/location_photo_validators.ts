import vine from '@vinejs/vine'
import { databaseId } from '#validators/shared/ids'
import { singleLineText, textBlock } from '#validators/shared/free_text'
import { PHOTO_LIMITS } from '#services/schedule/locations/location_photos'

/**
 * POST /api/locations/:id/photos: multipart/form-data with one or more
 * files under `photos`. Only the size is checked here: whether a file is a
 * photo is decided by decoding it, never by its name or declared type.
 */
export const addLocationPhotosValidator = vine.create({
  photos: vine
    .array(vine.file({ size: PHOTO_LIMITS.maxBytes }))
    .minLength(1)
    .maxLength(20),
})

/** PATCH /api/locations/:id/photos/:photoId */
export const updateLocationPhotoValidator = vine.create({
  description: textBlock().maxLength(2000).nullable(),
})

/** PUT /api/locations/:id/photos/order: every photo's id, in the new order. */
export const reorderLocationPhotosValidator = vine.create({
  ids: vine.array(databaseId()).maxLength(10_000),
})

/** GET /uploads/location-photos/:filename */
export const servePhotoValidator = vine.create({
  size: vine.enum(['full', 'thumbnail'] as const).optional(),
  share: vine.string().use(singleLineText()).maxLength(200).optional(),
})
