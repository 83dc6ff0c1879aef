import { flags } from '@adonisjs/core/ace'
import { ScheduleAdminCommand } from '#commands/schedule/_schedule_admin_command'

/**
 * Re-derives every location photo's file, thumbnail, dimensions and sizes
 * with today's settings (PHOTO_LIMITS), e.g. after a change of the sizes.
 */
export default class SchedulePhotosReprocess extends ScheduleAdminCommand {
  static commandName = 'schedule:photos:reprocess'
  static description =
    "Re-derive location photos' thumbnails, dimensions and sizes from the stored files, with progress"

  @flags.string({ description: 'Only the photos of this location (its id)' })
  declare location?: string

  async run() {
    let locationId: number | undefined
    if (this.location !== undefined) {
      const id = this.recordId(this.location)
      if (id === null) {
        return
      }
      locationId = id
    }
    const { LocationPhotos } = await import('#services/schedule/locations/location_photos')
    const photos = new LocationPhotos()
    const { total, failed } = await photos.reprocess(
      { locationId },
      (done, count, photo, error) => {
        const where = `${done}/${count} location ${photo.locationId}, photo ${photo.id}`
        if (error) {
          this.logger.error(`${where}: ${error.message}`)
        } else {
          this.logger.info(`${where}: ${photo.width}×${photo.height}, ${photo.sizeBytes} bytes`)
        }
      }
    )
    if (failed > 0) {
      this.fail(`Reprocessed ${total - failed} of ${total} photo(s); ${failed} failed`)
      return
    }
    this.logger.success(`Reprocessed ${total} photo(s)`)
  }
}
