import { BaseMail } from '@adonisjs/mail'

/** One account message: a heading, a few paragraphs and at most one button. */
export interface AccountMailContent {
  subject: string
  heading: string
  paragraphs: string[]
  action?: { label: string; url: string }
  footnote?: string
}

export default class AccountMail extends BaseMail {
  constructor(
    readonly recipientAddress: string,
    readonly content: AccountMailContent
  ) {
    super()
    this.subject = content.subject
  }

  prepare() {
    this.message
      .to(this.recipientAddress)
      .htmlView('emails/account', this.content)
      .textView('emails/account_text', this.content)
  }
}
