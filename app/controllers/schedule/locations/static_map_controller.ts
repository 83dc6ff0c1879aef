import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { LocationMaps } from '#services/schedule/locations/location_maps'
import { ScheduleUsers } from '#services/schedule/people/schedule_users'
import { ShareView } from '#services/schedule/sharing/share_view'
import { staticMapValidator } from '#validators/schedule/place_validators'

/**
 * GET /api/locations/:id/static-map: the location's map picture, to people
 * signed in, or to the holder of an open share link of a project at that
 * location (`?share=<token>`), like its photos. Anyone else gets the same
 * 404 as for a location without coordinates.
 */
@inject()
export default class StaticMapController {
  constructor(
    protected maps: LocationMaps,
    protected users: ScheduleUsers,
    protected shares: ShareView
  ) {}

  async show({ params, request, response, session }: HttpContext) {
    const { width, height, share } = await request.validateUsing(staticMapValidator)
    const user = await this.users.signedIn(session)
    if (!user && !share) {
      return response.status(401).send({ message: 'Not authenticated' })
    }
    const locationId = Number(params.id)
    if (!user && !(await this.shares.showsLocation(share!, locationId))) {
      return response.status(404).send({ message: 'Location not found' })
    }
    const { request: drawn, etag } = await this.maps.plan(locationId, { width, height })
    response.header('Cache-Control', 'private, max-age=86400')
    response.header('ETag', etag)
    response.header('X-Content-Type-Options', 'nosniff')
    if (request.header('if-none-match') === etag) {
      return response.status(304).send('')
    }
    const image = await this.maps.draw(drawn, user ? `user_${user.id}` : `share_${share}`)
    return response.type(image.contentType).send(image.bytes)
  }
}
