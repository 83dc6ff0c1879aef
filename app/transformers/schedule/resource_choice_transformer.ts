import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ResourceChoice } from '#services/schedule/directory/resource_choices'

/** A crew member or vendor as a picker offers them: kind, id, name and star. */
export default class ResourceChoiceTransformer extends BaseTransformer<ResourceChoice> {
  toObject() {
    return this.pick(this.resource, ['kind', 'id', 'name', 'starred'])
  }
}
