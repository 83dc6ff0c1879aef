import { TransferCommand } from '#commands/transfer/_transfer_command'

/**
 * A transfer admin task from the terminal (settings, email templates, test
 * email, background media): the API's JSON bodies, and reading a template's
 * text from a file or standard input.
 */
export abstract class TransferAdminTask extends TransferCommand {
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
