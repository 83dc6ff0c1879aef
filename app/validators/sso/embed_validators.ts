import vine from '@vinejs/vine'

/** POST /api/embed/token: server to server, with the app's secretKey. */
export const embedTokenValidator = vine.create({
  apiKey: vine.string().trim().minLength(1).maxLength(80),
  secretKey: vine.string().minLength(1).maxLength(200),
  userId: vine.number().withoutDecimals().positive().max(2_147_483_647),
})

/** GET /embed */
export const embedPageValidator = vine.create({
  token: vine.string().maxLength(4096).optional(),
  section: vine.enum(['profile', 'security']).optional(),
  tabs: vine.enum(['true', 'false']).optional(),
})
