import { inject } from '@adonisjs/core'
import env from '#start/env'
import { CODE_LIFETIME_SECONDS } from '#services/shared/relying_party/pending_auth_codes'
import { appVersion, routeCatalog } from '#services/shared/route_catalog'
import {
  SETTING_DEFINITIONS,
  ScheduleSettings,
  type SettingKey,
} from '#services/schedule/settings/schedule_settings'
import { TRASH_RETENTION_DAYS, TRASH_TYPES } from '#services/schedule/trash/trash'
import { SHARE_TOKEN_BYTES } from '#services/schedule/sharing/share_links'
import { RECENT_BOOKING_DAYS } from '#services/schedule/sharing/share_view'
import { ADDRESS_LOOKUP_RATE_LIMIT, PlacesClient } from '#services/schedule/places/places_client'
import { StaticMapsClient } from '#services/schedule/places/static_maps_client'
import { CalendarClient } from '#services/schedule/calendar_sync/calendar_client'

/**
 * GET /api/app-docs: what this schedule instance is and offers, read from the
 * running app (registered routes, settings, limits). It says whether things
 * are configured, never what their secrets are.
 */
@inject()
export class ScheduleAppDescription {
  constructor(
    protected settings: ScheduleSettings,
    protected places: PlacesClient,
    protected calendar: CalendarClient,
    protected staticMaps: StaticMapsClient
  ) {}

  async describe() {
    const { api, browser } = routeCatalog({ signedIn: 'scheduleAuth', admin: 'scheduleAdmin' })
    const { company_name: companyName } = await this.settings.values(['company_name'])
    return {
      name: companyName || 'Schedule',
      app: 'schedule',
      description:
        'Crew and project scheduling: calendars of projects and people, rosters with statuses and day notes, conflicts, trash, public share links and an admin area.',
      version: await appVersion(),
      routes: api,
      browserRoutes: browser,
      limits: {
        authCodeLifetimeSeconds: CODE_LIFETIME_SECONDS,
        // As declared for POST /api/auth/exchange in start/routes/schedule/auth.ts.
        exchangeRateLimit: { requests: 10, window: '15 minutes' },
        sessionLifetimeDays: 30,
        trashRetentionDays: TRASH_RETENTION_DAYS,
        shareTokenBytes: SHARE_TOKEN_BYTES,
        sharedPersonBookingsSinceDays: RECENT_BOOKING_DAYS,
        addressLookupRateLimit: ADDRESS_LOOKUP_RATE_LIMIT,
      },
      trashTypes: TRASH_TYPES,
      shareResourceTypes: ['project', 'crew', 'vendor'],
      features: {
        bootstrapSecretRequired: Boolean(env.get('BOOTSTRAP_SECRET')?.release()),
        addressLookup: this.places.isConfigured,
        staticMap: this.staticMaps.isConfigured,
        calendarSync: this.calendar.configured,
      },
      settings: (Object.keys(SETTING_DEFINITIONS) as SettingKey[]).map((key) => ({
        key,
        description: SETTING_DEFINITIONS[key].description,
        secret: SETTING_DEFINITIONS[key].secret,
      })),
    }
  }
}
