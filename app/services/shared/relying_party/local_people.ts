import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { LucidModel } from '@adonisjs/lucid/types/model'

/*
 * The rules both relying apps keep for their local list of people (transfer's
 * users, schedule's app_users): ids are UUIDs, and there is always an admin.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids come from URLs and sessions: anything that is not a UUID names no one. */
export function isPersonId(id: unknown): id is string {
  return typeof id === 'string' && UUID.test(id)
}

/** The person's row, locked for the rest of the transaction; null for no such person. */
export async function lockPerson<Model extends LucidModel>(
  model: Model,
  trx: TransactionClientContract,
  id: string
): Promise<InstanceType<Model> | null> {
  if (!isPersonId(id)) {
    return null
  }
  return model.query({ client: trx }).where('id', id).forUpdate().first()
}

/**
 * Whether someone other than `personId` is an admin. Every admin row is
 * locked first, so two admins demoting (or removing) each other at the same
 * moment cannot both succeed and leave nobody in charge.
 */
export async function anotherAdminExists(
  model: LucidModel,
  trx: TransactionClientContract,
  personId: string
) {
  const admins = await model.query({ client: trx }).where('role', 'admin').forUpdate()
  return admins.some((admin) => admin.$primaryKeyValue !== personId)
}
