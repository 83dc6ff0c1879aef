import { Exception } from '@adonisjs/core/exceptions'

/** A request messaging cannot do as asked; its message is for the person who asked. */
export class MessagingError extends Exception {
  expose = true

  constructor(message: string, status: 422 | 409 | 503 = 422) {
    super(message, { status })
  }
}
