import vine from '@vinejs/vine'

const name = () => vine.string().trim().minLength(1).maxLength(200)

const clientFields = () => ({
  contactName: vine.string().trim().maxLength(200).nullable().optional(),
  email: vine.string().trim().email().maxLength(254).nullable().optional(),
  phone: vine.string().trim().maxLength(50).nullable().optional(),
  notes: vine.string().trim().maxLength(10_000).nullable().optional(),
})

export const createClientValidator = vine.create({ name: name(), ...clientFields() })

export const updateClientValidator = vine.create({ name: name().optional(), ...clientFields() })

export const clientListValidator = vine.create({
  search: vine.string().trim().maxLength(200).optional(),
})
