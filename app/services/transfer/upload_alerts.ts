import { appUrl } from '#config/app'
import type PublicUpload from '#models/transfer/public_upload'
import User from '#models/transfer/user'
import { TransferMailer, formatBytes } from '#services/transfer/transfer_mailer'
import { TransferSettings } from '#services/transfer/transfer_settings'

/** Tells staff that a public upload finished: the configured recipients, or every admin. */
export class UploadAlerts {
  constructor(
    protected mailer = new TransferMailer(),
    protected settings = new TransferSettings()
  ) {}

  async recipients() {
    const configured = await this.settings.get('upload_alert_recipients')
    if (configured.length > 0) {
      return [...configured]
    }
    const admins = await User.query().where('role', 'admin').orderBy('email')
    return admins.map((admin) => admin.email)
  }

  async send(upload: PublicUpload) {
    await this.mailer.send('upload_alert', await this.recipients(), {
      fileName: upload.fileName,
      fileSize: formatBytes(upload.size),
      uploaderName: upload.uploaderName ?? 'A visitor',
      uploaderEmail: upload.uploaderEmail ?? 'no email given',
      message: upload.message ?? '(none)',
      adminUrl: new URL('/admin', appUrl).toString(),
    })
  }
}
