import vine from '@vinejs/vine'
import { databaseId } from '#validators/shared/ids'

/** The person a calendar feed belongs to: GET (query) and POST /api/calendar-feeds. */
export const feedResourceValidator = vine.create({
  resourceType: vine.enum(['crew', 'vendor'] as const),
  resourceId: databaseId(),
})
