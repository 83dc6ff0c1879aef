import { BaseTransformer } from '@adonisjs/core/transformers'
import type { PresentedShareLink } from '#services/schedule/sharing/share_links'

/** A public share link as its managers see it (spec 3, /api/share). */
export default class ShareLinkTransformer extends BaseTransformer<PresentedShareLink> {
  toObject() {
    return this.pick(this.resource, [
      'id',
      'token',
      'url',
      'resourceType',
      'resourceId',
      'resourceName',
      'label',
      'expiresAt',
      'revokedAt',
      'state',
      'viewCount',
      'lastViewedAt',
      'createdBy',
      'createdAt',
    ])
  }
}
