import vine from '@vinejs/vine'
import { PASSWORD_MAX_LENGTH } from '#services/sso/password_policy'
import { passwordProblem } from '#services/sso/password_policy'

/** A new password: the length range and the common-password list (see password_policy.ts). */
const newPassword = vine
  .string()
  .maxLength(PASSWORD_MAX_LENGTH * 4)
  .use(
    vine.createRule((value, _options, field) => {
      const problem = typeof value === 'string' ? passwordProblem(value) : null
      if (problem) {
        field.report(problem, 'password_policy', field)
      }
    })()
  )

const email = vine.string().trim().email().maxLength(254)

export const registrationValidator = vine.create({
  email,
  password: newPassword,
  name: vine.string().trim().maxLength(120).optional(),
})

export const emailOnlyValidator = vine.create({ email })

export const passwordResetValidator = vine.create({
  token: vine.string().minLength(10).maxLength(200),
  password: newPassword,
})

export const passwordChangeValidator = vine.create({
  currentPassword: vine
    .string()
    .minLength(1)
    .maxLength(PASSWORD_MAX_LENGTH * 4),
  newPassword,
})

export const profileValidator = vine.create({
  name: vine.string().trim().maxLength(120).nullable().optional(),
  displayName: vine.string().trim().maxLength(120).nullable().optional(),
  username: vine
    .string()
    .trim()
    .toLowerCase()
    .minLength(3)
    .maxLength(64)
    .regex(/^[a-z0-9][a-z0-9._@+-]*$/)
    .optional(),
})

export const emailChangeValidator = vine.create({
  email,
  currentPassword: vine
    .string()
    .minLength(1)
    .maxLength(PASSWORD_MAX_LENGTH * 4),
})

export const avatarValidator = vine.create({
  avatar: vine.file({ size: '5mb', extnames: ['jpg', 'jpeg', 'png', 'webp', 'gif', 'avif'] }),
})

export const totpCodeValidator = vine.create({
  code: vine.string().trim().minLength(6).maxLength(12),
})

export const secondFactorValidator = vine.create({
  code: vine.string().trim().maxLength(12).optional(),
  recoveryCode: vine.string().trim().maxLength(32).optional(),
})

export const totpDisableValidator = vine.create({
  password: vine
    .string()
    .minLength(1)
    .maxLength(PASSWORD_MAX_LENGTH * 4),
  code: vine.string().trim().minLength(6).maxLength(32),
})
