import { inject } from '@adonisjs/core'
import { Exception } from '@adonisjs/core/exceptions'
import { safeEqual } from '@adonisjs/core/helpers'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { ScheduleUsers } from '#services/schedule/people/schedule_users'

/** 403: bootstrapping is over, or the caller did not prove they may do it. */
export class BootstrapRefusedError extends Exception {
  static status = 403
}

/*
 * Key of the advisory lock that serialises first-admin creation ("schedule"
 * and "bootstrap" as two 32-bit halves), so two simultaneous calls on an
 * empty database cannot both create an admin.
 */
const LOCK_CLASS = 0x7363_6864
const LOCK_OBJECT = 0x626f_6f74

/**
 * The first admin of a fresh schedule (POST /api/admin/bootstrap and
 * `node ace schedule:bootstrap-admin`). Only an empty app_users table can be
 * bootstrapped; when BOOTSTRAP_SECRET is set, the caller must present it.
 */
@inject()
export class ScheduleBootstrap {
  constructor(protected users: ScheduleUsers) {}

  /**
   * When BOOTSTRAP_SECRET is set, the caller must present it (compared in
   * constant time); checked before anything else, so a caller without it
   * learns nothing, not even whether users exist.
   */
  checkSecret(presented: string | undefined) {
    const secret = env.get('BOOTSTRAP_SECRET')?.release()
    if (secret && !(typeof presented === 'string' && safeEqual(secret, presented))) {
      throw new BootstrapRefusedError('A valid x-bootstrap-secret header is required')
    }
  }

  createFirstAdmin(email: string, ssoUserId = 0) {
    return db.transaction(async (trx) => {
      await trx.rawQuery('select pg_advisory_xact_lock(?, ?)', [LOCK_CLASS, LOCK_OBJECT])
      if (await this.users.hasAnyone(trx)) {
        throw new BootstrapRefusedError(
          'schedule already has users: an admin adds people under Administration'
        )
      }
      return this.users.create(email, 'admin', { ssoUserId, client: trx })
    })
  }
}
