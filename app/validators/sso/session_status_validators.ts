import vine from '@vinejs/vine'
import { singleLineText, textLine } from '#validators/shared/free_text'

/** POST /api/apps/session-status: a relying app's server asking about one session's sign-in. */
export const sessionStatusValidator = vine.create({
  apiKey: textLine().minLength(1).maxLength(80),
  ticket: vine.string().use(singleLineText()).minLength(1).maxLength(200),
})
