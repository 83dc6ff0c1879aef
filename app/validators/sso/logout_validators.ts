import vine from '@vinejs/vine'

/** GET or POST /logout: where to go afterwards, checked by LogoutRedirect. */
export const logoutValidator = vine.create({
  redirect_to: vine.string().maxLength(2048).optional(),
})
