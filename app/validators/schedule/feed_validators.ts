import vine from '@vinejs/vine'

/** The person a calendar feed belongs to: GET (query) and POST /api/calendar-feeds. */
export const feedResourceValidator = vine.create({
  resourceType: vine.enum(['crew', 'vendor'] as const),
  resourceId: vine.number().withoutDecimals().min(1),
})
