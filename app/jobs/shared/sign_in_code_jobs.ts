import { defineJob } from '#services/shared/jobs/job_definition'
import { PendingAuthCodes } from '#services/shared/relying_party/pending_auth_codes'
import { UsedIdentityTokens } from '#services/shared/relying_party/used_identity_tokens'

/**
 * The relying apps' one-time sign-in codes live 60 seconds; expired ones are
 * deleted every minute (decided deviation 2). A failed run is simply done
 * again by the next tick. Identity tokens remembered as used go once they
 * have expired, as nobody can present them any more.
 */
export const purgeExpiredSignInCodes = defineJob({
  name: 'shared.purge-sign-in-codes',
  description: 'Deletes expired one-time sign-in codes (every minute)',
  schedule: '* * * * *',
  policy: 'exclusive',
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  expireInSeconds: 60,
  // 1,440 runs a day: a day of them is history enough.
  keepFinishedSeconds: 24 * 60 * 60,
  handler: async () => ({
    purged: await new PendingAuthCodes().purgeExpired(),
    usedTokensPurged: await new UsedIdentityTokens().purgeExpired(),
  }),
})
