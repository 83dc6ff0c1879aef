import type { HttpContext } from '@adonisjs/core/http'

export default class AccountController {
  async show({ inertia, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    return inertia.render('sso/account', { user: user.toIdentity() })
  }
}
