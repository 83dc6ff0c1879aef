import sharp from 'sharp'

/*
 * Spec 3 fixes the resize (longest side 2000 px, JPEG quality 85) and leaves
 * the upload limit open: 40 MB holds a 48-megapixel phone JPEG or HEIC and a
 * 24-megapixel PNG; 100 megapixels refuses decompression bombs before decoding.
 */
export const PHOTO_LIMITS = {
  maxBytes: 40 * 1024 * 1024,
  /** One upload request (several files); only the photo route accepts this much. */
  maxRequestBytes: 45 * 1024 * 1024,
  maxInputPixels: 100_000_000,
  maxSide: 2000,
  quality: 85,
  thumbnailSide: 400,
  thumbnailQuality: 80,
  /** What may be uploaded (checked by decoding, not by the name). */
  formats: ['jpeg', 'png', 'webp', 'heif'] as const,
  extnames: ['jpg', 'jpeg', 'png', 'webp', 'heic', 'heif', 'avif'],
}

export type EncodedPhoto = {
  photo: Buffer
  thumbnail: Buffer
  width: number
  height: number
}

/**
 * A photo as schedule keeps it: upright by its EXIF orientation, at most
 * 2000 px on its longest side, JPEG quality 85 with no metadata (sharp
 * writes none unless asked), and a 400 px thumbnail made from that. Apart
 * from the service so the benchmark runs it without the app.
 */
export async function encodePhoto(bytes: Buffer): Promise<EncodedPhoto> {
  const fit = (side: number) => ({
    width: side,
    height: side,
    fit: 'inside' as const,
    withoutEnlargement: true,
  })
  const { data: photo, info } = await sharp(bytes, {
    limitInputPixels: PHOTO_LIMITS.maxInputPixels,
    failOn: 'error',
  })
    .rotate()
    .resize(fit(PHOTO_LIMITS.maxSide))
    .jpeg({ quality: PHOTO_LIMITS.quality, mozjpeg: true })
    .toBuffer({ resolveWithObject: true })
  const thumbnail = await sharp(photo)
    .resize(fit(PHOTO_LIMITS.thumbnailSide))
    .jpeg({ quality: PHOTO_LIMITS.thumbnailQuality, mozjpeg: true })
    .toBuffer()
  return { photo, thumbnail, width: info.width, height: info.height }
}
