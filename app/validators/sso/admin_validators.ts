import vine from '@vinejs/vine'
import { singleLineText, textLine } from '#validators/shared/free_text'
import { DateTime, IANAZone } from 'luxon'
import { AUDIT_EVENTS } from '#services/sso/audit_log'
import { redirectUriProblem } from '#services/sso/connected_app_registry'

/** Checked as written and never trimmed: the exact string is what /authorize will compare. */
const redirectUri = vine
  .string()
  .use(singleLineText())
  .maxLength(2048)
  .use(
    vine.createRule((value, _options, field) => {
      const problem = typeof value === 'string' ? redirectUriProblem(value) : null
      if (problem) {
        field.report(`The redirect URI ${problem}`, 'redirect_uri', field)
      }
    })()
  )

const appName = textLine().minLength(1).maxLength(120)
const redirectUris = vine.array(redirectUri).minLength(1).maxLength(20).distinct()

export const newAppValidator = vine.create({ name: appName, redirectUris })

export const appChangesValidator = vine.create({
  name: appName.clone().optional(),
  redirectUris: redirectUris.clone().optional(),
})

const page = vine.number().withoutDecimals().min(1).max(100_000).optional()
const perPage = vine.number().withoutDecimals().min(1).max(100).optional()

export const peopleSearchValidator = vine.create({
  q: textLine().maxLength(254).optional(),
  page,
  perPage,
})

/** A calendar day, 'YYYY-MM-DD'; the time zone it is read in comes separately. */
const day = vine
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .use(
    vine.createRule((value, _options, field) => {
      if (typeof value === 'string' && !DateTime.fromISO(value).isValid) {
        field.report('The {{ field }} field must be a real date', 'date', field)
      }
    })()
  )

export const auditSearchValidator = vine.create({
  event: vine.enum(AUDIT_EVENTS).optional(),
  person: textLine().maxLength(254).optional(),
  from: day.clone().optional(),
  to: day.clone().optional(),
  /** The reader's IANA time zone, in which `from` and `to` are whole days; UTC without it. */
  tz: vine
    .string()
    .maxLength(64)
    .use(
      vine.createRule((value, _options, field) => {
        if (typeof value === 'string' && !IANAZone.isValidZone(value)) {
          field.report('The {{ field }} field must be a time zone', 'time_zone', field)
        }
      })()
    )
    .optional(),
  page,
  perPage,
})

/** For sso:people:create and sso:bootstrap-admin. */
export const newPersonValidator = vine.create({
  email: vine.string().trim().email().maxLength(254),
  name: textLine().minLength(1).maxLength(120).optional(),
})
