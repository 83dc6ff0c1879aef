import vine from '@vinejs/vine'
import { AUDIT_EVENTS } from '#services/sso/audit_log'
import { redirectUriProblem } from '#services/sso/connected_app_registry'

/** Checked as written and never trimmed: the exact string is what /authorize will compare. */
const redirectUri = vine
  .string()
  .maxLength(2048)
  .use(
    vine.createRule((value, _options, field) => {
      const problem = typeof value === 'string' ? redirectUriProblem(value) : null
      if (problem) {
        field.report(`The redirect URI ${problem}`, 'redirect_uri', field)
      }
    })()
  )

const appName = vine.string().trim().minLength(1).maxLength(120)
const redirectUris = vine.array(redirectUri).minLength(1).maxLength(20).distinct()

export const newAppValidator = vine.create({ name: appName, redirectUris })

export const appChangesValidator = vine.create({
  name: appName.clone().optional(),
  redirectUris: redirectUris.clone().optional(),
})

const page = vine.number().withoutDecimals().min(1).max(100_000).optional()
const perPage = vine.number().withoutDecimals().min(1).max(100).optional()

export const peopleSearchValidator = vine.create({
  q: vine.string().trim().maxLength(254).optional(),
  page,
  perPage,
})

export const auditSearchValidator = vine.create({
  event: vine.enum(AUDIT_EVENTS).optional(),
  person: vine.string().trim().maxLength(254).optional(),
  page,
  perPage,
})

/** For sso:people:create and sso:bootstrap-admin. */
export const newPersonValidator = vine.create({
  email: vine.string().trim().email().maxLength(254),
  name: vine.string().trim().minLength(1).maxLength(120).optional(),
})
