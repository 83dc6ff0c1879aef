import vine from '@vinejs/vine'
import { databaseId } from '#validators/shared/ids'
import { secretText, singleLineText, textLine } from '#validators/shared/free_text'

/** POST /api/embed/token: server to server, with the app's secretKey. */
export const embedTokenValidator = vine.create({
  apiKey: textLine().minLength(1).maxLength(80),
  secretKey: vine.string().use(secretText()).minLength(1).maxLength(200),
  userId: databaseId(),
})

/** GET /embed */
export const embedPageValidator = vine.create({
  token: vine.string().use(singleLineText()).maxLength(4096).optional(),
  section: vine.enum(['profile', 'security']).optional(),
  tabs: vine.enum(['true', 'false']).optional(),
})
