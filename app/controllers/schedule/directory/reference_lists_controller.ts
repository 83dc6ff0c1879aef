import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import {
  REFERENCE_LIST_NAMES,
  ReferenceLists,
  type ReferenceListName,
} from '#services/schedule/directory/reference_lists'
import {
  referenceListOrderValidator,
  referenceListValidators,
} from '#validators/schedule/reference_list_validators'
import { serializer } from '#services/shared/serialize'
import ReferenceListItemTransformer from '#transformers/schedule/reference_list_item_transformer'

/**
 * The lists read from their path prefix: start/routes/schedule/resources.ts
 * binds this one controller under /api/statuses, /api/project-statuses,
 * /api/crew-roles, /api/vendor-types, /api/location-types, /api/regions and /api/activity-types.
 */
function listOf({ route }: HttpContext) {
  const prefix = route?.pattern.split('/')[2]
  const name = REFERENCE_LIST_NAMES.find((candidate) => candidate === prefix)
  if (!name) {
    throw new Error(`No reference list is bound to ${route?.pattern}`)
  }
  return name satisfies ReferenceListName
}

/** The seven reference lists of spec 3 (list, create, update, delete, reorder). */
@inject()
export default class ReferenceListsController {
  constructor(protected lists: ReferenceLists) {}

  async index(ctx: HttpContext) {
    const rows = await this.lists.list(listOf(ctx))
    return serializer.serialize(ReferenceListItemTransformer.transform(rows))
  }

  async store(ctx: HttpContext) {
    const name = listOf(ctx)
    const fields = await referenceListValidators[name].create.validate(ctx.request.all())
    const row = await this.lists.create(name, fields, ctx.scheduleUser)
    return ctx.response
      .status(201)
      .send(await serializer.serialize(ReferenceListItemTransformer.transform(row)))
  }

  async update(ctx: HttpContext) {
    const name = listOf(ctx)
    const fields = await referenceListValidators[name].update.validate(ctx.request.all())
    const row = await this.lists.update(name, ctx.params.id, fields, ctx.scheduleUser)
    return serializer.serialize(ReferenceListItemTransformer.transform(row))
  }

  async destroy(ctx: HttpContext) {
    await this.lists.delete(listOf(ctx), ctx.params.id, ctx.scheduleUser)
    return { success: true }
  }

  async reorder(ctx: HttpContext) {
    const { ids } = await ctx.request.validateUsing(referenceListOrderValidator)
    const rows = await this.lists.reorder(listOf(ctx), ids, ctx.scheduleUser)
    return serializer.serialize(ReferenceListItemTransformer.transform(rows))
  }
}
