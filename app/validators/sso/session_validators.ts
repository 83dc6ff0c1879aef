import vine from '@vinejs/vine'
import { secretText, singleLineText, textLine } from '#validators/shared/free_text'

export const signInValidator = vine.create({
  email: vine.string().trim().email().maxLength(254),
  password: vine.string().use(secretText()).minLength(1).maxLength(1024),
})

export const authorizeValidator = vine.create({
  client_id: textLine().minLength(1).maxLength(200),
  redirect_uri: vine.string().use(singleLineText()).minLength(1).maxLength(2048),
  state: vine.string().use(singleLineText()).maxLength(1024).optional(),
})
