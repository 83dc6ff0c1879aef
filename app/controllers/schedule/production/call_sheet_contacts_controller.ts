import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CallSheets } from '#services/schedule/production/call_sheets'
import type CallSheetContact from '#models/schedule/call_sheet_contact'
import {
  createContactValidator,
  updateContactValidator,
} from '#validators/schedule/activity_validators'

function contactBody(contact: CallSheetContact) {
  return {
    id: contact.id,
    projectId: contact.projectId,
    role: contact.role,
    name: contact.name,
    phone: contact.phone ?? null,
    email: contact.email ?? null,
    isPublic: contact.isPublic,
    sortOrder: contact.sortOrder,
  }
}

/** /api/projects/:id/call-sheet-contacts (spec 3, call_sheet_contacts). */
@inject()
export default class CallSheetContactsController {
  constructor(protected callSheets: CallSheets) {}

  async index({ params }: HttpContext) {
    const contacts = await this.callSheets.contacts(params.id)
    return contacts.map(contactBody)
  }

  async store({ params, request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createContactValidator)
    const contact = await this.callSheets.addContact(scheduleUser, params.id, fields)
    response.status(201)
    return contactBody(contact)
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(updateContactValidator)
    const contact = await this.callSheets.updateContact(
      scheduleUser,
      params.id,
      params.contactId,
      fields
    )
    return contactBody(contact)
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.callSheets.removeContact(scheduleUser, params.id, params.contactId)
    return { success: true }
  }
}
