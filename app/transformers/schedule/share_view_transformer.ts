import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ShareView } from '#services/schedule/sharing/share_view'

type Opened = Awaited<ReturnType<ShareView['open']>>

/**
 * What a share link's holder sees (GET /api/share/:token and the /share/:token
 * page): the project's or the person's schedule, built by ShareView from what
 * a recipient may see only.
 */
export default class ShareViewTransformer extends BaseTransformer<Opened> {
  toObject() {
    const shared = this.resource
    // One of the two, by resourceType; the other stays out of the JSON.
    return {
      resourceType: shared.resourceType,
      label: shared.label,
      expiresAt: shared.expiresAt,
      project: 'project' in shared ? shared.project : undefined,
      person: 'person' in shared ? shared.person : undefined,
    }
  }
}
