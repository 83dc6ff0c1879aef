import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { pageUser } from '#services/schedule/people/page_viewer'
import { ScheduleLookups } from '#services/schedule/directory/lookups'
import { Clients } from '#services/schedule/directory/clients'
import { CrewDirectory } from '#services/schedule/directory/crew_directory'
import { VendorDirectory } from '#services/schedule/directory/vendor_directory'
import { Locations } from '#services/schedule/directory/locations'
import {
  DIRECTORY_TABS,
  DirectorySelection,
  type DirectoryTab,
} from '#services/schedule/directory/directory_selection'
import { serializer } from '#services/shared/serialize'
import CrewTransformer from '#transformers/schedule/crew_transformer'
import VendorTransformer from '#transformers/schedule/vendor_transformer'
import LocationTransformer from '#transformers/schedule/location_transformer'
import ClientTransformer from '#transformers/schedule/client_transformer'

const directoryPageQuery = vine.create({
  tab: vine.enum(DIRECTORY_TABS).optional(),
  // The open record: its id, or "new" for the empty form (which loads nothing).
  id: vine.string().trim().optional(),
})

/** A record's id from the address; anything else ("new", a typo) opens no record's panels. */
function recordIdOf(id: string | undefined) {
  const value = Number(id)
  // Postgres integer ids: a larger number would be a failed query, not a missing record.
  return Number.isInteger(value) && value > 0 && value <= 2 ** 31 - 1 ? value : null
}

/**
 * GET /directory: the open tab (?tab, crew by default) with its whole list,
 * and the open record's panels (?id) as `selection`, on the first render.
 * Switching tabs is an Inertia visit that reloads `tab`, `records` and
 * `selection`; opening another record reloads only `selection`. Saves go
 * through the JSON API.
 */
@inject()
export default class DirectoryPageController {
  constructor(
    protected selection: DirectorySelection,
    protected lookups: ScheduleLookups,
    protected crew: CrewDirectory,
    protected vendors: VendorDirectory,
    protected locations: Locations,
    protected clients: Clients
  ) {}

  async show({ inertia, request, scheduleUser }: HttpContext) {
    const { tab = 'crew', id } = await directoryPageQuery.validate(request.qs())
    const recordId = recordIdOf(id)
    return inertia.render('schedule/directory', {
      user: pageUser(scheduleUser),
      tab,
      records: () => this.records(tab),
      selection: () => this.selection.of(tab, recordId),
      lookups: () => this.lookups.all(),
    })
  }

  /** The tab's records by name, as its /api list route answers them. */
  protected async records(tab: DirectoryTab) {
    switch (tab) {
      case 'crew':
        return serializer.serialize(CrewTransformer.transform(await this.crew.list({})))
      case 'vendors':
        return serializer.serialize(VendorTransformer.transform(await this.vendors.list({})))
      case 'locations':
        return serializer.serialize(LocationTransformer.transform(await this.locations.list({})))
      case 'clients':
        return serializer.serialize(ClientTransformer.transform(await this.clients.list()))
    }
  }
}
