import {
  RelyingPartyUsersCommand,
  type UsersCommandsApp,
} from '#commands/shared/_relying_party_users_command'

/** transfer's side of the shared users commands (spec 2, users). */
export const transferUsersApp: UsersCommandsApp = {
  appId: 'transfer',
  async users() {
    const { TransferUsers } = await import('#services/transfer/transfer_users')
    return new TransferUsers()
  },
  async validEmail(email) {
    const { createUserValidator } = await import('#validators/transfer/user_validators')
    const valid = await createUserValidator.validate({ email })
    return valid.email
  },
  whatStays: 'their uploads and shares stay',
  lastColumn: ['Added', (user) => user.createdAt.toISODate() ?? ''],
}

export abstract class TransferUsersCommand extends RelyingPartyUsersCommand {
  protected people = transferUsersApp
}
