import vine from '@vinejs/vine'

export const createUserValidator = vine.create({
  email: vine.string().trim().email().maxLength(254),
  role: vine.enum(['staff', 'admin'] as const),
})
