import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('name', 120).nullable()
      table.timestamp('email_verified_at', { useTz: true }).nullable()
      table.timestamp('password_changed_at', { useTz: true }).nullable()
      table.timestamp('last_sign_in_at', { useTz: true }).nullable()
      // The TOTP secret, encrypted with the app key; set at enrolment, live once confirmed.
      table.text('totp_secret').nullable()
      table.timestamp('totp_enabled_at', { useTz: true }).nullable()
      // The last accepted time step, so a code is never accepted twice.
      table.bigInteger('totp_last_step').nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumns(
        'name',
        'email_verified_at',
        'password_changed_at',
        'last_sign_in_at',
        'totp_secret',
        'totp_enabled_at',
        'totp_last_step'
      )
    })
  }
}
