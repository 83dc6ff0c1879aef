import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import {
  createGroupValidator,
  updateGroupValidator,
} from '#validators/schedule/messaging_validators'
import { MessageGroupsBook } from '#services/schedule/messaging/message_groups_book'

/** Saved recipient groups: kept by anyone signed in, as they compose. */
@inject()
export default class MessageGroupsController {
  constructor(protected book: MessageGroupsBook) {}

  index() {
    return this.book.list()
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createGroupValidator)
    return response.status(201).send(await this.book.create(scheduleUser, fields))
  }

  async update({ params, request }: HttpContext) {
    return this.book.update(Number(params.id), await request.validateUsing(updateGroupValidator))
  }

  async destroy({ params }: HttpContext) {
    await this.book.remove(Number(params.id))
    return { success: true }
  }
}
