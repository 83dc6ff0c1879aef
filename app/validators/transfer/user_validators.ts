import vine from '@vinejs/vine'
import { textLine } from '#validators/shared/free_text'

const email = vine.string().trim().email().maxLength(254)
const role = vine.enum(['staff', 'admin'] as const)

export const createUserValidator = vine.create({
  email,
  role: role.clone().optional(),
})

/** PATCH /api/users/:id: any of the three fields; the others stay as they are. */
export const updateUserValidator = vine.create({
  email: email.clone().optional(),
  displayName: textLine().minLength(1).maxLength(120).optional(),
  role: role.clone().optional(),
})
