import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CallSheet } from '#services/schedule/production/call_sheets'

/**
 * A day's call sheet as the page previews it and the PDF prints it
 * (GET /api/projects/:id/call-sheets/:date, and a share link's, where
 * CallSheets has already left out the private contact details).
 */
export default class CallSheetTransformer extends BaseTransformer<CallSheet> {
  toObject() {
    return this.pick(this.resource, [
      'project',
      'date',
      'dayNumber',
      'dayCount',
      'title',
      'sections',
      'company',
      'generalCall',
      'wrapTime',
      'locations',
      'parking',
      'nearestHospital',
      'weatherNote',
      'emergencyInfo',
      'safetyNotes',
      'notes',
      'schedule',
      'crew',
      'vendors',
      'contacts',
    ])
  }
}
