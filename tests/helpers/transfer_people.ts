import { randomBytes } from 'node:crypto'
import type { TransferRole } from '#models/transfer/user'
import { TransferUsers } from '#services/transfer/transfer_users'

/**
 * A person in transfer's users table and the session fields sign-in would give
 * them. The guards check that the person still exists, so a session needs a
 * real user behind it.
 */
export async function transferPerson(role: TransferRole, email?: string) {
  const user = await new TransferUsers().create(
    email ?? `${role}-${randomBytes(4).toString('hex')}@example.com`,
    role
  )
  return {
    user,
    session: {
      userId: user.id,
      userRole: user.role,
      userEmail: user.email,
      userName: user.displayName,
    },
  }
}
