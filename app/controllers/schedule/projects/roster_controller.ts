import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { Roster } from '#services/schedule/projects/roster'
import {
  addCrewValidator,
  addVendorValidator,
  rosterMoveValidator,
  rosterOrderValidator,
  updateCrewBookingValidator,
  updateVendorBookingValidator,
} from '#validators/schedule/roster_validators'

/** A project's roster: /api/projects/:id/roster, /crew, /vendors (spec 3, project_crew and project_vendor). */
@inject()
export default class RosterController {
  constructor(protected roster: Roster) {}

  async index({ params }: HttpContext) {
    return this.roster.list(params.id)
  }

  async storeCrew({ params, request, response, scheduleUser }: HttpContext) {
    const { crewId, ...fields } = await request.validateUsing(addCrewValidator)
    const answer = await this.roster.add(scheduleUser, params.id, 'crew', crewId, fields)
    return response.status(201).send(answer)
  }

  async storeVendor({ params, request, response, scheduleUser }: HttpContext) {
    const { vendorId, ...fields } = await request.validateUsing(addVendorValidator)
    const answer = await this.roster.add(scheduleUser, params.id, 'vendor', vendorId, fields)
    return response.status(201).send(answer)
  }

  async updateCrew({ params, request, scheduleUser }: HttpContext) {
    const { crewId, ...fields } = await request.validateUsing(updateCrewBookingValidator)
    return this.roster.update(scheduleUser, params.id, 'crew', params.assignmentId, {
      ...fields,
      resourceId: crewId,
    })
  }

  async updateVendor({ params, request, scheduleUser }: HttpContext) {
    const { vendorId, ...fields } = await request.validateUsing(updateVendorBookingValidator)
    return this.roster.update(scheduleUser, params.id, 'vendor', params.assignmentId, {
      ...fields,
      resourceId: vendorId,
    })
  }

  async destroyCrew({ params, scheduleUser }: HttpContext) {
    await this.roster.remove(scheduleUser, params.id, 'crew', params.assignmentId)
    return { success: true }
  }

  async destroyVendor({ params, scheduleUser }: HttpContext) {
    await this.roster.remove(scheduleUser, params.id, 'vendor', params.assignmentId)
    return { success: true }
  }

  async order({ params, request, scheduleUser }: HttpContext) {
    const { entries } = await request.validateUsing(rosterOrderValidator)
    return this.roster.reorder(scheduleUser, params.id, entries)
  }

  async move({ params, request, scheduleUser }: HttpContext) {
    const move = await request.validateUsing(rosterMoveValidator)
    return this.roster.move(scheduleUser, params.id, move)
  }
}
