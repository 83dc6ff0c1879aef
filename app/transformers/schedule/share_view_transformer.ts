import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ShareView } from '#services/schedule/sharing/share_view'

type Opened = Awaited<ReturnType<ShareView['open']>>
type OpenedProject = NonNullable<Extract<Opened, { project: unknown }>['project']>
type OpenedPerson = NonNullable<Extract<Opened, { person: unknown }>['person']>

/**
 * What a share link's holder sees (GET /api/share/:token and the /share/:token
 * page): the project's or the person's schedule, built by ShareView from what
 * a recipient may see only.
 *
 * `forRecipient` is the page's: a client or a crew member reading a link is
 * not told the company's internal statuses ("Asked", "Pencilled", a project's
 * "Enquiry"), and sees only the people a booking holds (not those only asked
 * or who declined). It leaves things out of the API's answer, nothing more.
 */
export default class ShareViewTransformer extends BaseTransformer<Opened> {
  toObject() {
    const shared = this.resource
    // One of the two, by resourceType; the other stays out of the JSON.
    return {
      resourceType: shared.resourceType,
      label: shared.label,
      expiresAt: shared.expiresAt,
      project: 'project' in shared && shared.project ? withoutBooked(shared.project) : undefined,
      person:
        'person' in shared && shared.person ? withoutBookedOfPerson(shared.person) : undefined,
    }
  }

  forRecipient() {
    const shared = this.resource
    return {
      resourceType: shared.resourceType,
      label: shared.label,
      expiresAt: shared.expiresAt,
      project: 'project' in shared && shared.project ? recipientProject(shared.project) : undefined,
      person: 'person' in shared && shared.person ? recipientPerson(shared.person) : undefined,
    }
  }
}

function withoutBooked(project: OpenedProject) {
  return { ...project, roster: project.roster.map(({ booked: _booked, ...entry }) => entry) }
}

function withoutBookedOfPerson(person: OpenedPerson) {
  return { ...person, bookings: person.bookings.map(({ booked: _booked, ...entry }) => entry) }
}

function recipientProject({ status: _status, ...project }: OpenedProject) {
  return {
    ...project,
    roster: project.roster
      .filter((entry) => entry.booked)
      .map(({ booked: _booked, status: _entryStatus, ...entry }) => entry),
  }
}

function recipientPerson(person: OpenedPerson) {
  return {
    ...person,
    bookings: person.bookings
      .filter((booking) => booking.booked)
      .map(({ booked: _booked, status: _status, ...booking }) => booking),
  }
}
