import vine from '@vinejs/vine'

const email = vine.string().trim().toLowerCase().email().maxLength(254)

export const sendVerificationCodeValidator = vine.create({ email })

export const checkVerificationCodeValidator = vine.create({
  email,
  code: vine
    .string()
    .trim()
    .regex(/^\d{6}$/),
})
