import db from '@adonisjs/lucid/services/db'
import MessageTemplate, { type MessageKind } from '#models/schedule/message_template'
import { RecordNotFoundError } from '#services/schedule/directory/record_errors'

export interface TemplateFields {
  name: string
  kind: MessageKind
  subject?: string | null
  body: string
  isDefault?: boolean
}

/**
 * Message templates: one default per kind (the one the compose form starts
 * with). Making one the default takes it from the other in one transaction.
 */
export class MessageTemplatesBook {
  list() {
    return MessageTemplate.query().orderBy('kind').orderBy('name')
  }

  async find(id: number) {
    const template = await MessageTemplate.find(id)
    if (!template) {
      throw new RecordNotFoundError('Template not found')
    }
    return template
  }

  create(fields: TemplateFields) {
    return db.transaction(async (trx) => {
      if (fields.isDefault) {
        await MessageTemplate.query({ client: trx })
          .where('kind', fields.kind)
          .update({ isDefault: false })
      }
      return MessageTemplate.create(
        { ...fields, isDefault: fields.isDefault ?? false },
        { client: trx }
      )
    })
  }

  async update(id: number, fields: Partial<TemplateFields>) {
    const template = await this.find(id)
    return db.transaction(async (trx) => {
      template.useTransaction(trx)
      template.merge(fields)
      if (fields.isDefault) {
        await MessageTemplate.query({ client: trx })
          .where('kind', template.kind)
          .whereNot('id', id)
          .update({ isDefault: false })
      }
      await template.save()
      return template
    })
  }

  async remove(id: number) {
    const template = await this.find(id)
    await template.delete()
  }
}
