import vine from '@vinejs/vine'
import { databaseId } from '#validators/shared/ids'
import { textLine } from '#validators/shared/free_text'

const email = vine.string().trim().email().maxLength(254)
const role = vine.enum(['staff', 'admin'] as const)

export const createUserValidator = vine.create({ email, role })

/** PATCH /api/admin/users/:id: either field; the other stays as it is. */
export const updateUserValidator = vine.create({
  role: role.clone().optional(),
  displayName: textLine().minLength(1).maxLength(200).optional(),
})

export const lookupEmailValidator = vine.create({ email })

/** POST /api/admin/bootstrap: the sso account of the first admin. */
export const bootstrapValidator = vine.create({
  ssoUserId: databaseId(),
  email,
})
