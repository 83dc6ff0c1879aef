import { randomUUID } from 'node:crypto'
import sharp, { type Metadata } from 'sharp'
import type { Disk } from '@adonisjs/drive'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import type AppUser from '#models/schedule/app_user'
import Location from '#models/schedule/location'
import LocationPhoto from '#models/schedule/location_photo'
import { ActivityLogger } from '#services/schedule/activity/activity_logger'
import { invalidField, RecordNotFoundError } from '#services/schedule/directory/record_errors'
import { scheduleDisk } from '#services/schedule/schedule_disk'
import { exifPhotoDate } from '#services/schedule/locations/exif_date'
import { plainFileName } from '#services/shared/file_names'
import {
  encodePhoto,
  PHOTO_LIMITS,
  type EncodedPhoto as Encoded,
} from '#services/schedule/locations/photo_encoding'

export { PHOTO_LIMITS }

/** Where photos sit on schedule's disk: the full size, and thumbnails beside it. */
const FOLDER = 'location-photos'
const photoKey = (filename: string) => `${FOLDER}/${filename}`
const thumbnailKey = (filename: string) => `${FOLDER}/thumbnails/${filename}`
/** Served names are ours (a UUID and .jpg): nothing else is looked up on the disk. */
const FILENAME_PATTERN = /^[0-9a-f-]{36}\.jpg$/

export type PhotoUpload = { bytes: Buffer; clientName?: string | null }
export type PhotoSize = 'full' | 'thumbnail'

/**
 * A location's photo gallery (spec 3, location_photos): each upload is
 * decoded, turned upright by its EXIF orientation, scaled to at most 2000 px
 * on its longest side and re-encoded as JPEG quality 85. Re-encoding keeps
 * pixels only, so no EXIF (GPS position included) reaches a served photo;
 * the date taken is read from the original's EXIF first.
 */
export class LocationPhotos {
  constructor(
    protected disk: Disk = scheduleDisk(),
    protected activity = new ActivityLogger()
  ) {}

  static urlOf(filename: string, size: PhotoSize = 'full', shareToken?: string) {
    const query = new URLSearchParams()
    if (size === 'thumbnail') query.set('size', 'thumbnail')
    if (shareToken) query.set('share', shareToken)
    const search = query.size > 0 ? `?${query}` : ''
    return `/uploads/location-photos/${filename}${search}`
  }

  async list(locationId: number) {
    await this.activeLocation(locationId)
    return LocationPhoto.query().where('location_id', locationId).orderBy('position').orderBy('id')
  }

  /**
   * Adds photos at the end of the gallery. Every file is checked and encoded
   * before any is kept, so a refused file (422 on `photos`) adds none.
   */
  async add(locationId: number, uploads: PhotoUpload[], actor: AppUser) {
    const location = await this.activeLocation(locationId)
    const prepared: (Encoded & { photoDate: string | null; clientName: string | null })[] = []
    for (const [index, upload] of uploads.entries()) {
      const { encoded, photoDate } = await this.encodeUpload(upload, `photos.${index}`)
      const clientName = plainFileName(upload.clientName ?? '') || null
      prepared.push({ ...encoded, photoDate, clientName })
    }
    const stored: string[] = []
    try {
      for (const photo of prepared) {
        const filename = `${randomUUID()}.jpg`
        await this.write(filename, photo)
        stored.push(filename)
      }
      return await db.transaction(async (trx) => {
        // Lock the location so two uploads at once number their photos apart.
        await Location.query({ client: trx }).where('id', location.id).forUpdate().first()
        const last = await LocationPhoto.query({ client: trx })
          .where('location_id', location.id)
          .max('position as last')
          .first()
        let position = Number(last?.$extras.last ?? -1) + 1
        const rows = await LocationPhoto.createMany(
          prepared.map((photo, index) => ({
            locationId: location.id,
            filename: stored[index],
            originalName: photo.clientName?.slice(0, 255) ?? null,
            photoDate: photo.photoDate,
            width: photo.width,
            height: photo.height,
            sizeBytes: photo.photo.length,
            thumbnailSizeBytes: photo.thumbnail.length,
            position: position++,
          })),
          { client: trx }
        )
        await this.activity.record(
          actor,
          {
            action: 'update',
            entityType: 'location',
            entityId: location.id,
            summary: `Added ${rows.length === 1 ? 'a photo' : `${rows.length} photos`} to the location ${location.name}`,
          },
          trx
        )
        return rows
      })
    } catch (error) {
      await this.removeFiles(stored)
      throw error
    }
  }

  async describe(locationId: number, photoId: number, description: string | null) {
    const photo = await this.find(locationId, photoId)
    photo.description = description
    await photo.save()
    return photo
  }

  /** New gallery order: `ids` must be exactly the location's photos. */
  async reorder(locationId: number, ids: number[]) {
    await this.activeLocation(locationId)
    return db.transaction(async (trx) => {
      const photos = await LocationPhoto.query({ client: trx })
        .where('location_id', locationId)
        .forUpdate()
      const known = new Set(photos.map((photo) => photo.id))
      if (
        new Set(ids).size !== ids.length ||
        ids.length !== known.size ||
        ids.some((id) => !known.has(id))
      ) {
        throw invalidField('ids', "The order must list each of the location's photos once", 'order')
      }
      for (const [position, id] of ids.entries()) {
        await LocationPhoto.query({ client: trx }).where('id', id).update({ position })
      }
      return LocationPhoto.query({ client: trx })
        .where('location_id', locationId)
        .orderBy('position')
        .orderBy('id')
    })
  }

  /** Deletes the photo and its files. */
  async remove(locationId: number, photoId: number, actor: AppUser) {
    const photo = await this.find(locationId, photoId)
    const location = await this.activeLocation(locationId)
    await db.transaction(async (trx) => {
      await photo.useTransaction(trx).delete()
      await this.activity.record(
        actor,
        {
          action: 'update',
          entityType: 'location',
          entityId: location.id,
          summary: `Removed a photo from the location ${location.name}`,
        },
        trx
      )
    })
    await this.removeFiles([photo.filename])
  }

  /**
   * For a removal of locations for good (the trash): their photos' files go
   * once the transaction that deletes the rows (by cascade) has committed.
   */
  async removeFilesWith(trx: TransactionClientContract, locationIds: number[]) {
    const photos = await LocationPhoto.query({ client: trx }).whereIn('location_id', locationIds)
    if (photos.length > 0) {
      trx.after('commit', () => this.removeFiles(photos.map((photo) => photo.filename)))
    }
  }

  /** The photos of a shared project's location, as the recipient's links. */
  async sharedGallery(locationId: number, shareToken: string) {
    const photos = await LocationPhoto.query()
      .where('location_id', locationId)
      .orderBy('position')
      .orderBy('id')
    return photos.map((photo) => ({
      url: LocationPhotos.urlOf(photo.filename, 'full', shareToken),
      thumbnailUrl: LocationPhotos.urlOf(photo.filename, 'thumbnail', shareToken),
      description: photo.description,
      photoDate: photo.photoDate,
      width: photo.width,
      height: photo.height,
    }))
  }

  /**
   * The stored file of a served name, with the photo's location (for the
   * caller's access check), or 404. A location in the trash shows no photos.
   */
  async file(filename: string, size: PhotoSize) {
    const row = FILENAME_PATTERN.test(filename) ? await this.findByFilename(filename) : null
    if (!row) {
      throw new RecordNotFoundError('Photo not found')
    }
    const bytes = await this.disk.getBytes(
      size === 'thumbnail' ? thumbnailKey(row.filename) : photoKey(row.filename)
    )
    return { photo: row, bytes: Buffer.from(bytes) }
  }

  /**
   * Re-derives each photo's file, thumbnail, dimensions and sizes from its
   * stored full-size file with today's settings (after a change of them).
   * Photos are done one at a time: memory stays that of one image.
   */
  async reprocess(
    options: { locationId?: number } = {},
    onProgress: (
      done: number,
      total: number,
      photo: LocationPhoto,
      failed?: Error
    ) => void = () => {}
  ) {
    const query = LocationPhoto.query().orderBy('location_id').orderBy('position').orderBy('id')
    if (options.locationId !== undefined) {
      query.where('location_id', options.locationId)
    }
    const photos = await query
    let failed = 0
    for (const [index, photo] of photos.entries()) {
      try {
        const original = Buffer.from(await this.disk.getBytes(photoKey(photo.filename)))
        const encoded = await this.encode(original)
        await this.write(photo.filename, encoded)
        photo.merge({
          width: encoded.width,
          height: encoded.height,
          sizeBytes: encoded.photo.length,
          thumbnailSizeBytes: encoded.thumbnail.length,
        })
        await photo.save()
        onProgress(index + 1, photos.length, photo)
      } catch (error) {
        failed++
        onProgress(index + 1, photos.length, photo, error as Error)
      }
    }
    return { total: photos.length, failed }
  }

  protected async findByFilename(filename: string) {
    return LocationPhoto.query()
      .where('filename', filename)
      .whereIn('location_id', Location.query().whereNull('deleted_at').select('id'))
      .first()
  }

  protected async encodeUpload(upload: PhotoUpload, field: string) {
    const refuse = (message: string) => invalidField(field, message, 'photo')
    if (upload.bytes.length > PHOTO_LIMITS.maxBytes) {
      throw refuse(`${nameOf(upload)} is too large: a photo must be at most 40 MB`)
    }
    let metadata: Metadata
    try {
      metadata = await sharp(upload.bytes, {
        limitInputPixels: PHOTO_LIMITS.maxInputPixels,
      }).metadata()
    } catch {
      throw refuse(`${nameOf(upload)} is not a photo this app can read (JPEG, PNG, WebP or HEIC)`)
    }
    if (!PHOTO_LIMITS.formats.includes(metadata.format as never)) {
      throw refuse(`${nameOf(upload)} must be a JPEG, PNG, WebP or HEIC photo`)
    }
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > PHOTO_LIMITS.maxInputPixels) {
      throw refuse(`${nameOf(upload)} has too many pixels: at most 100 megapixels`)
    }
    try {
      return { encoded: await this.encode(upload.bytes), photoDate: exifPhotoDate(metadata.exif) }
    } catch {
      // The bundled libvips reads HEIF with AV1 inside, not iPhones' HEVC: its header reads, its pixels do not.
      throw refuse(
        metadata.format === 'heif'
          ? `${nameOf(upload)} is a HEIC photo${metadata.compression === 'hevc' ? ' coded with HEVC (as iPhones take them)' : ''}, which this server cannot decode: upload it as a JPEG instead (on an iPhone, Settings › Camera › Formats › Most Compatible makes the camera take JPEGs)`
          : `${nameOf(upload)} could not be read: it may be damaged`
      )
    }
  }

  protected encode(bytes: Buffer) {
    return encodePhoto(bytes)
  }

  protected async write(filename: string, encoded: Encoded) {
    await this.disk.put(photoKey(filename), encoded.photo, { contentType: 'image/jpeg' })
    await this.disk.put(thumbnailKey(filename), encoded.thumbnail, { contentType: 'image/jpeg' })
  }

  protected async removeFiles(filenames: string[]) {
    for (const filename of filenames) {
      for (const key of [photoKey(filename), thumbnailKey(filename)]) {
        try {
          await this.disk.delete(key)
        } catch (error) {
          // The row is gone either way; a file left behind is only space.
          logger.warn({ err: error, key }, 'schedule: could not remove a location photo file')
        }
      }
    }
  }

  protected async find(locationId: number, photoId: number) {
    await this.activeLocation(locationId)
    const photo = await LocationPhoto.query()
      .where('location_id', locationId)
      .where('id', photoId)
      .first()
    if (!photo) {
      throw new RecordNotFoundError('Photo not found')
    }
    return photo
  }

  protected async activeLocation(id: number) {
    const location = await Location.query().where('id', id).whereNull('deleted_at').first()
    if (!location) {
      throw new RecordNotFoundError('Location not found')
    }
    return location
  }
}

function nameOf(upload: PhotoUpload) {
  return upload.clientName ? `“${plainFileName(upload.clientName)}”` : 'The file'
}
