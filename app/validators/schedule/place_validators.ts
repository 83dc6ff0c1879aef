import vine from '@vinejs/vine'
import { singleLineText, textLine } from '#validators/shared/free_text'
import { STATIC_MAP_SIZE } from '#services/schedule/places/static_maps_client'

/*
 * The address lookup's queries. Google refuses a session token that is not
 * URL-safe base64 of at most 36 characters (a UUID fits); place ids are
 * URL-safe base64 too, and long ones exist, so only the alphabet and a bound
 * are checked. Both keep the id safe to put in Google's URL path.
 */
const sessionToken = () =>
  vine
    .string()
    .regex(/^[A-Za-z0-9_-]{1,36}$/)
    .optional()

export const placeAutocompleteValidator = vine.create({
  q: textLine().minLength(1).maxLength(200),
  sessionToken: sessionToken(),
})

export const placeDetailsValidator = vine.create({
  placeId: vine.string().regex(/^[A-Za-z0-9_-]{10,1000}$/),
  sessionToken: sessionToken(),
})

/** GET /api/locations/:id/static-map: a picture's size in CSS pixels, within Google's limits. */
export const staticMapValidator = vine.create({
  width: vine
    .number()
    .withoutDecimals()
    .range([STATIC_MAP_SIZE.minSide, STATIC_MAP_SIZE.maxSide])
    .optional(),
  height: vine
    .number()
    .withoutDecimals()
    .range([STATIC_MAP_SIZE.minSide, STATIC_MAP_SIZE.maxSide])
    .optional(),
  share: vine.string().use(singleLineText()).maxLength(200).optional(),
})
