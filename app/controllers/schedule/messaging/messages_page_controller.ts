import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import Project from '#models/schedule/project'
import Status from '#models/schedule/status'
import CrewRole from '#models/schedule/crew_role'
import { pageUser } from '#services/schedule/people/page_viewer'
import { AvailabilityMessages } from '#services/schedule/messaging/availability_messages'
import { MessageTemplatesBook } from '#services/schedule/messaging/message_templates_book'
import { MessageGroupsBook } from '#services/schedule/messaging/message_groups_book'
import { messagingPeople } from '#services/schedule/messaging/message_audience'
import { SmsChannel } from '#services/schedule/messaging/sms_channel'
import { SMS_OFF_MESSAGE } from '#services/schedule/messaging/sms_client'
import MessageTransformer from '#transformers/schedule/message_transformer'
import MessageRecipientTransformer from '#transformers/schedule/message_recipient_transformer'
import MessageTemplateTransformer from '#transformers/schedule/message_template_transformer'

/**
 * /messages (compose and the sent list), /messages/:id (one message's
 * tracking table), /messages/templates and /messages/groups.
 */
@inject()
export default class MessagesPageController {
  constructor(
    protected messages: AvailabilityMessages,
    protected templateBook: MessageTemplatesBook,
    protected groupBook: MessageGroupsBook,
    protected sms: SmsChannel
  ) {}

  async index({ inertia, scheduleUser }: HttpContext) {
    const rows = await this.messages.list()
    const projects = await Project.query()
      .whereNull('deletedAt')
      .orderBy('startDate', 'desc')
      .limit(300)
    const statuses = await Status.query().orderBy('sortOrder').orderBy('id')
    const templates = await this.templateBook.list()
    const groups = await this.groupBook.list()
    const crewRoles = await CrewRole.query().orderBy('sortOrder').orderBy('name')
    const people = await messagingPeople()
    return inertia.render('schedule/messages', {
      user: pageUser(scheduleUser),
      smsMessage: this.sms.enabled ? null : SMS_OFF_MESSAGE,
      projects: projects.map((project) => ({ id: project.id, name: project.name })),
      statuses: statuses.map((status) => ({ id: status.id, name: status.name })),
      crewRoles: crewRoles.map((role) => ({ id: role.id, name: role.name })),
      people,
      templates: MessageTemplateTransformer.transform(templates),
      groups: groups.map((group) => ({
        id: group.id,
        name: group.name,
        size: group.members.length,
      })),
      messages: rows.map(({ message, headline, counts }) => ({
        id: message.id,
        headline,
        status: message.status,
        sendAt: message.sendAt.toISO()!,
        counts,
      })),
    })
  }

  async show({ inertia, params, scheduleUser }: HttpContext) {
    const { message, recipients, headline, copies } = await this.messages.detail(Number(params.id))
    return inertia.render('schedule/message', {
      user: pageUser(scheduleUser),
      message: MessageTransformer.transform(message),
      headline,
      recipients: MessageRecipientTransformer.transform(recipients, copies),
    })
  }

  /** Templates: everyone sees them; admins change them. */
  async templates({ inertia, scheduleUser }: HttpContext) {
    return inertia.render('schedule/message_templates', {
      user: pageUser(scheduleUser),
      canEdit: scheduleUser.role === 'admin',
      templates: MessageTemplateTransformer.transform(await this.templateBook.list()),
    })
  }

  /** Saved groups, and the crew and vendors that can be put in one. */
  async groups({ inertia, scheduleUser }: HttpContext) {
    const groups = await this.groupBook.list()
    const people = await messagingPeople()
    return inertia.render('schedule/message_groups', {
      user: pageUser(scheduleUser),
      groups,
      people,
    })
  }
}
