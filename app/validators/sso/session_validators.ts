import vine from '@vinejs/vine'

export const signInValidator = vine.create({
  email: vine.string().trim().email().maxLength(254),
  password: vine.string().minLength(1).maxLength(1024),
})

export const authorizeValidator = vine.create({
  client_id: vine.string().trim().minLength(1).maxLength(200),
  redirect_uri: vine.string().minLength(1).maxLength(2048),
  state: vine.string().maxLength(1024).optional(),
})
