import mail from '@adonisjs/mail/services/main'
import AccountMail, { type AccountMailContent } from '#mails/sso/account_mail'

const IGNORE_IF_NOT_YOU = 'If this was not you, you can ignore this message.'
const CONTACT_IF_NOT_YOU =
  'If this was not you, reset your password now and tell your administrator.'

/**
 * The messages sso sends about accounts. They are queued (sent in the
 * background), so a slow mail server neither delays the page nor reveals by
 * timing whether an account exists.
 */
export class AccountMailer {
  protected send(to: string, content: AccountMailContent) {
    return mail.sendLater(new AccountMail(to, content))
  }

  verifyEmail(to: string, url: string) {
    return this.send(to, {
      subject: 'Confirm your email address',
      heading: 'Confirm your email address',
      paragraphs: ['Confirm this address to finish setting up your account.'],
      action: { label: 'Confirm email address', url },
      footnote: `The link works once and expires in 24 hours. ${IGNORE_IF_NOT_YOU}`,
    })
  }

  registrationAttemptForExistingAccount(to: string, signInUrl: string, resetUrl: string) {
    return this.send(to, {
      subject: 'Someone tried to create an account with your address',
      heading: 'You already have an account',
      paragraphs: [
        'Someone tried to create a new account with this email address, which already has one.',
        `If it was you, sign in at ${signInUrl}, or reset your password at ${resetUrl}.`,
      ],
      footnote: IGNORE_IF_NOT_YOU,
    })
  }

  passwordReset(to: string, url: string) {
    return this.send(to, {
      subject: 'Reset your password',
      heading: 'Reset your password',
      paragraphs: ['Someone asked to reset the password of the account with this address.'],
      action: { label: 'Choose a new password', url },
      footnote: `The link works once and expires in 1 hour. ${IGNORE_IF_NOT_YOU}`,
    })
  }

  passwordChanged(to: string) {
    return this.send(to, {
      subject: 'Your password was changed',
      heading: 'Your password was changed',
      paragraphs: [
        'The password of your account was just changed, and your other sessions were signed out.',
      ],
      footnote: CONTACT_IF_NOT_YOU,
    })
  }

  confirmNewEmail(to: string, url: string) {
    return this.send(to, {
      subject: 'Confirm your new email address',
      heading: 'Confirm your new email address',
      paragraphs: ['Confirm this address to make it the email of your account.'],
      action: { label: 'Confirm new address', url },
      footnote: `The link works once and expires in 24 hours. ${IGNORE_IF_NOT_YOU}`,
    })
  }

  emailChangeRequested(to: string, newEmail: string) {
    return this.send(to, {
      subject: 'Your email address is being changed',
      heading: 'Your email address is being changed',
      paragraphs: [
        `Someone asked to change the email of your account to ${newEmail}. The change happens once the new address is confirmed.`,
      ],
      footnote: CONTACT_IF_NOT_YOU,
    })
  }

  emailChanged(to: string, newEmail: string) {
    return this.send(to, {
      subject: 'Your email address was changed',
      heading: 'Your email address was changed',
      paragraphs: [`The email of your account is now ${newEmail}.`],
      footnote: CONTACT_IF_NOT_YOU,
    })
  }

  twoFactorChanged(to: string, enabled: boolean) {
    return this.send(to, {
      subject: enabled ? 'Two-factor authentication is on' : 'Two-factor authentication is off',
      heading: enabled ? 'Two-factor authentication is on' : 'Two-factor authentication is off',
      paragraphs: [
        enabled
          ? 'Signing in to your account now also needs a code from your authenticator app.'
          : 'Signing in to your account no longer needs a code from your authenticator app.',
      ],
      footnote: CONTACT_IF_NOT_YOU,
    })
  }
}
