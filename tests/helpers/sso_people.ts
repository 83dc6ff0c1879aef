import { generate } from 'otplib'
import type { FakeMailer } from '@adonisjs/mail'
import AccountMail from '#mails/sso/account_mail'
import { UserAccounts } from '#services/sso/user_accounts'
import { TotpService } from '#services/sso/totp_service'
import type User from '#models/sso/user'

export const PASSWORD = 'correct horse battery staple'

/** A confirmed person who can sign in with PASSWORD. */
export function verifiedPerson(email = 'pat@example.com', extra: { isAdmin?: boolean } = {}) {
  return new UserAccounts().create({
    email,
    password: PASSWORD,
    displayName: 'Pat Doe',
    emailVerified: true,
    ...extra,
  })
}

/** Turns TOTP on for a person; returns the secret and the recovery codes. */
export async function withTotp(user: User) {
  const totp = new TotpService()
  const { secret } = await totp.beginEnrolment(user)
  const recoveryCodes = await totp.confirmEnrolment(user, await codeAt(secret, -30))
  return { secret, recoveryCodes: recoveryCodes! }
}

/** The TOTP code of `secret` at now + `offsetSeconds`. */
export function codeAt(secret: string, offsetSeconds = 0) {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds })
}

/** The account mails queued to `to`, newest last. */
export function mailsTo(mails: FakeMailer['mails'], to: string) {
  return mails
    .queued((mail) => mail instanceof AccountMail && mail.recipientAddress === to)
    .map((mail) => (mail as AccountMail).content)
}

/** The path of the button link of the last mail to `to` with this subject. */
export function linkIn(mails: FakeMailer['mails'], to: string, subject: string) {
  const found = mailsTo(mails, to).filter((content) => content.subject === subject)
  const url = found.at(-1)?.action?.url
  if (!url) {
    throw new Error(`No "${subject}" mail with a link was sent to ${to}`)
  }
  return new URL(url).pathname
}
