import vine from '@vinejs/vine'
import { secretText, singleLineText, textLine } from '#validators/shared/free_text'
import { PASSWORD_MAX_LENGTH } from '#services/sso/password_policy'
import { passwordProblem } from '#services/sso/password_policy'

/** A new password: the length range and the common-password list (see password_policy.ts). */
const newPassword = vine
  .string()
  .use(secretText())
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
  name: textLine().maxLength(120).optional(),
})

export const emailOnlyValidator = vine.create({ email })

export const passwordResetValidator = vine.create({
  token: vine.string().use(singleLineText()).minLength(10).maxLength(200),
  password: newPassword,
})

export const passwordChangeValidator = vine.create({
  currentPassword: vine
    .string()
    .use(secretText())
    .minLength(1)
    .maxLength(PASSWORD_MAX_LENGTH * 4),
  newPassword,
})

export const profileValidator = vine.create({
  name: textLine().maxLength(120).nullable().optional(),
  displayName: textLine().maxLength(120).nullable().optional(),
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
    .use(secretText())
    .minLength(1)
    .maxLength(PASSWORD_MAX_LENGTH * 4),
})

export const avatarValidator = vine.create({
  avatar: vine.file({ size: '5mb', extnames: ['jpg', 'jpeg', 'png', 'webp', 'gif', 'avif'] }),
})

export const totpCodeValidator = vine.create({
  code: textLine().minLength(6).maxLength(12),
})

export const secondFactorValidator = vine.create({
  code: textLine().maxLength(12).optional(),
  recoveryCode: textLine().maxLength(32).optional(),
})

export const totpDisableValidator = vine.create({
  password: vine
    .string()
    .use(secretText())
    .minLength(1)
    .maxLength(PASSWORD_MAX_LENGTH * 4),
  code: textLine().minLength(6).maxLength(32),
})
