import { BaseTransformer } from '@adonisjs/core/transformers'
import type CallSheetContact from '#models/schedule/call_sheet_contact'

/** A person the call sheets name beside the roster (/api/projects/:id/call-sheet-contacts). */
export default class CallSheetContactTransformer extends BaseTransformer<CallSheetContact> {
  toObject() {
    const contact = this.resource
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
}
