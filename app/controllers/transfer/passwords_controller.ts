import { generatePassword } from '#services/transfer/password_generator'

/** GET /api/generate-password (spec 2): a readable password for a new share. */
export default class PasswordsController {
  generate() {
    return { password: generatePassword() }
  }
}
