import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { Roster, type RosterChange } from '#services/schedule/projects/roster'
import {
  addCrewValidator,
  addVendorValidator,
  rosterMoveValidator,
  rosterOrderValidator,
  updateCrewBookingValidator,
  updateVendorBookingValidator,
} from '#validators/schedule/roster_validators'
import { serializer } from '#services/shared/serialize'
import RosterEntryTransformer from '#transformers/schedule/roster_entry_transformer'
import RosterChangeTransformer from '#transformers/schedule/roster_change_transformer'

/** A project's roster: /api/projects/:id/roster, /crew, /vendors (spec 3, project_crew and project_vendor). */
@inject()
export default class RosterController {
  constructor(protected roster: Roster) {}

  async index({ params }: HttpContext) {
    return serializer.serialize(RosterEntryTransformer.transform(await this.roster.list(params.id)))
  }

  async storeCrew({ params, request, response, scheduleUser }: HttpContext) {
    const { crewId, ...fields } = await request.validateUsing(addCrewValidator)
    const change = await this.roster.add(scheduleUser, params.id, 'crew', crewId, fields)
    return response.status(201).send(await this.answer(change))
  }

  async storeVendor({ params, request, response, scheduleUser }: HttpContext) {
    const { vendorId, ...fields } = await request.validateUsing(addVendorValidator)
    const change = await this.roster.add(scheduleUser, params.id, 'vendor', vendorId, fields)
    return response.status(201).send(await this.answer(change))
  }

  async updateCrew({ params, request, scheduleUser }: HttpContext) {
    const { crewId, ...fields } = await request.validateUsing(updateCrewBookingValidator)
    const change = await this.roster.update(scheduleUser, params.id, 'crew', params.assignmentId, {
      ...fields,
      resourceId: crewId,
    })
    return this.answer(change)
  }

  async updateVendor({ params, request, scheduleUser }: HttpContext) {
    const { vendorId, ...fields } = await request.validateUsing(updateVendorBookingValidator)
    const change = await this.roster.update(
      scheduleUser,
      params.id,
      'vendor',
      params.assignmentId,
      { ...fields, resourceId: vendorId }
    )
    return this.answer(change)
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
    const roster = await this.roster.reorder(scheduleUser, params.id, entries)
    return serializer.serialize(RosterEntryTransformer.transform(roster))
  }

  async move({ params, request, scheduleUser }: HttpContext) {
    const move = await request.validateUsing(rosterMoveValidator)
    return this.answer(await this.roster.move(scheduleUser, params.id, move))
  }

  /** A booking change answers with the entry as it is now and its conflicts. */
  protected answer(change: RosterChange) {
    return serializer.serialize(RosterChangeTransformer.transform(change))
  }
}
