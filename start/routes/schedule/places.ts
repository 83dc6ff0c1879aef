/*
 * The address lookup proxy (spec 3, section 4: /api/places/autocomplete and
 * /api/places/details), on Google Places API (New).
 */
import router from '@adonisjs/core/services/router'
import limiter from '@adonisjs/limiter/services/main'
import { middleware, stateful } from '#start/kernel'
import { ADDRESS_LOOKUP_RATE_LIMIT } from '#services/schedule/places/places_client'

const PlacesController = () => import('#controllers/schedule/places/places_controller')

/* Google bills every lookup: a limit per person, shared by both routes. */
const addressLookupLimit = limiter.define('schedule_address_lookup', (ctx) =>
  limiter
    .allowRequests(ADDRESS_LOOKUP_RATE_LIMIT.requests)
    .every(ADDRESS_LOOKUP_RATE_LIMIT.window)
    .usingKey(`user_${ctx.scheduleUser.id}`)
)

router
  .group(() => {
    router
      .group(() => {
        router.get('/api/places/autocomplete', [PlacesController, 'autocomplete'])
        router.get('/api/places/details', [PlacesController, 'details'])
      })
      .use([middleware.scheduleAuth(), addressLookupLimit])
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
