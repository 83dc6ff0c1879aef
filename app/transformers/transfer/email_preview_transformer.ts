import { BaseTransformer } from '@adonisjs/core/transformers'
import type { RenderedEmail } from '#services/transfer/email_templates'

/** An email as a recipient would get it, filled with sample data (POST /api/email-templates/:type/preview). */
export default class EmailPreviewTransformer extends BaseTransformer<RenderedEmail> {
  toObject() {
    return this.pick(this.resource, ['subject', 'html', 'text'])
  }
}
