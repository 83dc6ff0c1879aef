import { inject } from '@adonisjs/core'
import { Exception } from '@adonisjs/core/exceptions'
import type { HttpContext } from '@adonisjs/core/http'
import { PeopleDirectory } from '#services/sso/people_directory'
import { dashboardActor } from '#services/sso/admin_actor'
import { peopleSearchValidator } from '#validators/sso/admin_validators'
import { serializer } from '#services/shared/serialize'
import PersonTransformer from '#transformers/sso/person_transformer'
import type User from '#models/sso/user'

const PER_PAGE = 25

/** The People page of the admin dashboard and its JSON API. */
@inject()
export default class PeopleController {
  constructor(protected people: PeopleDirectory) {}

  /** A malformed query shows the first page rather than an error: it is only a filter. */
  async index({ inertia, request, auth }: HttpContext) {
    const [, query] = await peopleSearchValidator.tryValidate(request.qs())
    const q = query?.q ?? ''
    const result = await this.people.search({
      q,
      page: query?.page ?? 1,
      perPage: query?.perPage ?? PER_PAGE,
    })
    return inertia.render('sso/admin/people', {
      isAdmin: true,
      currentUserId: auth.getUserOrFail().id,
      filters: { q },
      ...result,
    })
  }

  async search({ request }: HttpContext) {
    const query = await request.validateUsing(peopleSearchValidator)
    return this.people.search({
      q: query.q,
      page: query.page ?? 1,
      perPage: query.perPage ?? PER_PAGE,
    })
  }

  /** Also ends every session of the person. */
  async disable(ctx: HttpContext) {
    const person = await this.#find(ctx)
    const { sessionsEnded } = await this.people.disable(person, dashboardActor(ctx))
    return personAnswer(person, { sessionsEnded })
  }

  async enable(ctx: HttpContext) {
    const person = await this.people.enable(await this.#find(ctx), dashboardActor(ctx))
    return personAnswer(person)
  }

  async endSessions(ctx: HttpContext) {
    const person = await this.#find(ctx)
    const sessionsEnded = await this.people.endSessions(person, dashboardActor(ctx))
    return personAnswer(person, { sessionsEnded })
  }

  async resetTotp(ctx: HttpContext) {
    const person = await this.#find(ctx)
    await this.people.resetTotp(person, dashboardActor(ctx))
    return personAnswer(person)
  }

  async grantAdmin(ctx: HttpContext) {
    const person = await this.people.setAdmin(await this.#find(ctx), true, dashboardActor(ctx))
    return personAnswer(person)
  }

  async revokeAdmin(ctx: HttpContext) {
    const person = await this.people.setAdmin(await this.#find(ctx), false, dashboardActor(ctx))
    return personAnswer(person)
  }

  async #find({ params }: HttpContext) {
    const person = await this.people.find(Number(params.id))
    if (!person) {
      throw new Exception('Person not found', { status: 404 })
    }
    return person
  }
}

/** An action's answer: the person as they are now, and what the action counted. */
async function personAnswer(user: User, extra: { sessionsEnded?: number } = {}) {
  return { person: await serializer.serialize(PersonTransformer.transform(user)), ...extra }
}
