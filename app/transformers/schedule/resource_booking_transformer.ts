import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ResourceBooking } from '#services/schedule/calendar/resource_bookings'

/**
 * One project a crew member or vendor is booked on, with the days they do
 * not work and their day notes (GET /api/crew/:id/assignments, /api/vendors/:id/assignments).
 */
export default class ResourceBookingTransformer extends BaseTransformer<ResourceBooking> {
  toObject() {
    return this.pick(this.resource, [
      'assignmentId',
      'projectId',
      'projectName',
      'startDate',
      'endDate',
      'color',
      'statusId',
      'unscheduled',
      'notes',
    ])
  }
}
