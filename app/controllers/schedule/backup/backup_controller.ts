import { Readable } from 'node:stream'
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { BackupSecret } from '#services/schedule/backup/backup_secret'
import { DatabaseBackup } from '#services/schedule/backup/database_backup'
import { DatabaseImport, ImportRefusedError } from '#services/schedule/backup/database_import'
import { importValidator } from '#validators/schedule/backup_validators'

/**
 * GET /api/admin/backup (spec 3: by secret, for a backup script), the same
 * download for a signed-in admin (the Administration page), and
 * POST /api/admin/import.
 */
@inject()
export default class BackupController {
  constructor(
    protected secret: BackupSecret,
    protected importer: DatabaseImport
  ) {}

  async show({ request, response }: HttpContext) {
    await this.secret.check(request.qs().secret)
    return this.sendBackup(response)
  }

  protected sendBackup(response: HttpContext['response']) {
    const backup = new DatabaseBackup()
    response.header('content-type', 'application/json; charset=utf-8')
    response.header('content-disposition', `attachment; filename="${backup.fileName}"`)
    response.header('cache-control', 'no-store')
    response.stream(Readable.from(backup.chunks()))
  }

  async downloadForAdmin({ response }: HttpContext) {
    return this.sendBackup(response)
  }

  async store({ request, response }: HttpContext) {
    const { data, options } = await request.validateUsing(importValidator)
    try {
      return await this.importer.run(data, { dryRun: options?.dryRun ?? false })
    } catch (error) {
      if (error instanceof ImportRefusedError) {
        return response.status(422).send({ message: error.message, ...error.summary })
      }
      throw error
    }
  }
}
