import readExif from 'exif-reader'

/*
 * When a photo was taken, from the EXIF block sharp hands back
 * (`metadata().exif`: "Exif\0\0" then a TIFF structure), read by
 * exif-reader. EXIF dates carry no time zone: exif-reader builds them with
 * Date.UTC, so their UTC fields are the camera's local time as written,
 * returned as such and never turned into an instant in the server's zone.
 */

/** Cameras without a set clock write zeros ("0000:00:00 00:00:00"), which Date.UTC puts in 1899. */
const EARLIEST_YEAR = 1900

/**
 * DateTimeOriginal, then DateTimeDigitized, then the file's DateTime, as
 * 'YYYY-MM-DDTHH:mm:ss'; null when there is no readable, plausible date.
 */
export function exifPhotoDate(exif: Buffer | undefined): string | null {
  if (!exif) {
    return null
  }
  let tags: ReturnType<typeof readExif>
  try {
    tags = readExif(exif)
  } catch {
    // A truncated or malformed block: the photo simply has no date.
    return null
  }
  for (const date of [
    tags.Photo?.DateTimeOriginal,
    tags.Photo?.DateTimeDigitized,
    tags.Image?.DateTime,
  ]) {
    // exif-reader gives null for a blank or malformed date.
    if (
      date instanceof Date &&
      !Number.isNaN(date.getTime()) &&
      date.getUTCFullYear() >= EARLIEST_YEAR
    ) {
      return date.toISOString().slice(0, 19)
    }
  }
  return null
}
