import type { CommandOptions } from '@adonisjs/core/types/ace'
import { AppCommand } from '#commands/shared/_app_command'

/**
 * A transfer admin task from the terminal (settings, email templates, test
 * email, background media). What the web answers with a 4xx or a 5xx, the
 * command refuses with one line and exit code 1: a validator's messages, a
 * medium not found, in use or of the wrong kind, a mailer that fails.
 */
export abstract class TransferAdminTask extends AppCommand {
  static options: CommandOptions = { startApp: true }
  protected appId = 'transfer' as const

  /**
   * Runs `action`; refusals become one line. `field` names a validated
   * field as the operator knows it (the setting's key rather than `value`).
   */
  protected async guarded(
    action: () => Promise<void>,
    field: (name: string) => string = (name) => name
  ) {
    const { errors } = await import('@vinejs/vine')
    const { ThemeMediaRefused } = await import('#services/transfer/theme/theme_media_library')
    try {
      await action()
    } catch (error) {
      if (error instanceof errors.E_VALIDATION_ERROR) {
        const messages = error.messages as { field: string; message: string }[]
        return this.fail(
          messages.map((entry) => `${field(entry.field)}: ${entry.message}`).join('; ')
        )
      }
      if (error instanceof ThemeMediaRefused) {
        return this.fail(error.message)
      }
      throw error
    }
  }

  /** Transformer output as the API's JSON body. */
  protected async serialized(value: unknown) {
    const { serializer } = await import('#services/shared/serialize')
    return serializer.serialize(value as never)
  }

  protected printJson(value: unknown) {
    this.logger.log(JSON.stringify(value, null, 2))
  }

  /** The email template this type names, or null after listing the types there are. */
  protected async emailTemplateType(type: string) {
    const { EMAIL_TEMPLATE_TYPES, isEmailTemplateType } =
      await import('#services/transfer/email_templates')
    if (isEmailTemplateType(type)) {
      return type
    }
    this.fail(`No email template ${type}: the templates are ${EMAIL_TEMPLATE_TYPES.join(', ')}`)
    return null
  }

  /** A file's text, or standard input's for `-`; null after saying why it cannot be read. */
  protected async readText(path: string) {
    try {
      if (path === '-') {
        const chunks: Buffer[] = []
        for await (const chunk of process.stdin) {
          chunks.push(Buffer.from(chunk))
        }
        return Buffer.concat(chunks).toString('utf8')
      }
      const { readFile } = await import('node:fs/promises')
      return await readFile(path, 'utf8')
    } catch (error) {
      this.fail(`Cannot read ${path}: ${(error as Error).message}`)
      return null
    }
  }
}
