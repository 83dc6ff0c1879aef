import { BaseTransformer } from '@adonisjs/core/transformers'
import type AuditEvent from '#models/sso/audit_event'
import { deviceName } from '#services/shared/device_names'

/**
 * One line of a person's recent security activity. `viewerId` is the person
 * whose page it is: an event someone else caused counts as an admin's. The
 * security page (`forPage`) also gets the device's name.
 */
export default class ActivityEntryTransformer extends BaseTransformer<AuditEvent> {
  constructor(
    resource: AuditEvent,
    protected viewerId: number
  ) {
    super(resource)
  }

  toObject() {
    const event = this.resource
    return {
      id: event.id,
      event: event.event,
      at: event.createdAt.toISO(),
      ip: event.ip,
      userAgent: event.userAgent,
      byAdmin: event.actorId !== null && event.actorId !== this.viewerId,
    }
  }

  forPage() {
    return { ...this.toObject(), device: deviceName(this.resource.userAgent) }
  }
}
