import vine from '@vinejs/vine'

const email = vine.string().trim().email().maxLength(254)
const role = vine.enum(['staff', 'admin'] as const)

export const createUserValidator = vine.create({ email, role })

/** PATCH /api/admin/users/:id: either field; the other stays as it is. */
export const updateUserValidator = vine.create({
  role: role.clone().optional(),
  displayName: vine.string().trim().minLength(1).maxLength(200).optional(),
})

export const lookupEmailValidator = vine.create({ email })

/** POST /api/admin/bootstrap: the sso account of the first admin. */
export const bootstrapValidator = vine.create({
  ssoUserId: vine.number().withoutDecimals().min(1),
  email,
})
