import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { CallSheets } from '#services/schedule/production/call_sheets'
import { serializer } from '#services/shared/serialize'
import CallSheetContactTransformer from '#transformers/schedule/call_sheet_contact_transformer'
import {
  contactOrderValidator,
  createContactValidator,
  updateContactValidator,
} from '#validators/schedule/activity_validators'

/** /api/projects/:id/call-sheet-contacts (spec 3, call_sheet_contacts). */
@inject()
export default class CallSheetContactsController {
  constructor(protected callSheets: CallSheets) {}

  async index({ params }: HttpContext) {
    const contacts = await this.callSheets.contacts(params.id)
    return serializer.serialize(CallSheetContactTransformer.transform(contacts))
  }

  async store({ params, request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createContactValidator)
    const contact = await this.callSheets.addContact(scheduleUser, params.id, fields)
    response.status(201)
    return serializer.serialize(CallSheetContactTransformer.transform(contact))
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(updateContactValidator)
    const contact = await this.callSheets.updateContact(
      scheduleUser,
      params.id,
      params.contactId,
      fields
    )
    return serializer.serialize(CallSheetContactTransformer.transform(contact))
  }

  async order({ params, request, scheduleUser }: HttpContext) {
    const { ids } = await request.validateUsing(contactOrderValidator)
    const contacts = await this.callSheets.reorderContacts(scheduleUser, params.id, ids)
    return serializer.serialize(CallSheetContactTransformer.transform(contacts))
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.callSheets.removeContact(scheduleUser, params.id, params.contactId)
    return { success: true }
  }
}
