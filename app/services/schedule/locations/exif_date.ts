/*
 * When a photo was taken, from the EXIF block sharp hands back
 * (`metadata().exif`: "Exif\0\0" then a TIFF structure). Only three tags
 * are needed (DateTimeOriginal, then DateTimeDigitized in the Exif IFD,
 * then DateTime in IFD0), so this walks the two IFDs rather than adding a
 * full EXIF library. EXIF dates carry no time zone: the camera's local time
 * is returned as written, never turned into an instant in the server's zone.
 */

const DATE_TIME = 0x0132
const EXIF_IFD_POINTER = 0x8769
const DATE_TIME_ORIGINAL = 0x9003
const DATE_TIME_DIGITIZED = 0x9004
const ASCII = 2
const LONG = 4

type Entry = { type: number; count: number; valueOffset: number; entryOffset: number }

/** 'YYYY-MM-DDTHH:mm:ss', or null when there is no readable, plausible date. */
export function exifPhotoDate(exif: Buffer | undefined): string | null {
  if (!exif) {
    return null
  }
  try {
    const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif
    const order = tiff.subarray(0, 2).toString('latin1')
    if (order !== 'II' && order !== 'MM') {
      return null
    }
    const little = order === 'II'
    const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
    const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))

    const readIfd = (offset: number) => {
      const entries = new Map<number, Entry>()
      const count = u16(offset)
      for (let index = 0; index < count; index++) {
        const at = offset + 2 + index * 12
        entries.set(u16(at), {
          type: u16(at + 2),
          count: u32(at + 4),
          valueOffset: u32(at + 8),
          entryOffset: at + 8,
        })
      }
      return entries
    }
    const text = (entry: Entry | undefined) => {
      if (!entry || entry.type !== ASCII) {
        return null
      }
      const start = entry.count <= 4 ? entry.entryOffset : entry.valueOffset
      return tiff
        .subarray(start, start + entry.count)
        .toString('latin1')
        .replace(/\0.*$/s, '')
    }

    const ifd0 = readIfd(u32(4))
    const pointer = ifd0.get(EXIF_IFD_POINTER)
    const exifIfd = pointer && pointer.type === LONG ? readIfd(pointer.valueOffset) : new Map()
    for (const candidate of [
      text(exifIfd.get(DATE_TIME_ORIGINAL)),
      text(exifIfd.get(DATE_TIME_DIGITIZED)),
      text(ifd0.get(DATE_TIME)),
    ]) {
      const date = parseExifDate(candidate)
      if (date) {
        return date
      }
    }
    return null
  } catch {
    // A truncated or malformed block: the photo simply has no date.
    return null
  }
}

/** "2024:05:06 07:08:09" → "2024-05-06T07:08:09"; blanks and zeros ("0000:00:00") → null. */
export function parseExifDate(value: string | null): string | null {
  const match = value?.trim().match(/^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/)
  if (!match) {
    return null
  }
  const [, year, month, day, hour, minute, second] = match.map(Number)
  const check = new Date(Date.UTC(year, month - 1, day, hour, minute, second))
  const valid =
    year >= 1900 &&
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  return valid ? `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}` : null
}
