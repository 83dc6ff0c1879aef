import sharp from 'sharp'

/*
 * A HEIC as iPhones write it: HEVC-coded. sharp cannot write HEVC (and the
 * bundled libvips cannot decode it, which is the point of the test), so
 * this takes the AV1-coded HEIF sharp writes and turns its container into
 * an HEVC one: the item becomes `hvc1`, its `av1C` property an `hvcC` (a
 * Main-profile decoder configuration without parameter sets), the brands
 * `heic`, and the sizes and offsets that moved are corrected. Its header
 * reads as a real HEIC (format heif, compression hevc, its size); only its
 * pixels cannot be decoded.
 */
export async function hevcHeic(width = 64, height = 48) {
  const av1 = await sharp({ create: { width, height, channels: 3, background: '#2563eb' } })
    .heif({ compression: 'av1' })
    .toBuffer()
  const boxAt = (bytes: Buffer, type: string) => bytes.indexOf(type, 0, 'latin1') - 4

  // HEVCDecoderConfigurationRecord (ISO/IEC 14496-15, 8.3.3.1.2), 23 bytes with no arrays.
  const record = Buffer.alloc(23)
  record[0] = 1 // configurationVersion
  record[1] = 0x01 // general_profile_idc: Main
  record.writeUInt32BE(0x60000000, 2) // profile compatibility flags
  record[12] = 90 // general_level_idc: level 3
  record.writeUInt16BE(0xf000, 13) // min_spatial_segmentation_idc with its reserved bits
  record[15] = 0xfc // parallelismType
  record[16] = 0xfd // chroma_format_idc: 4:2:0
  record[17] = 0xf8 // bit depth luma 8
  record[18] = 0xf8 // bit depth chroma 8
  record[21] = 0x0f // lengthSizeMinusOne: 3
  const hvcC = Buffer.concat([Buffer.alloc(4), Buffer.from('hvcC', 'latin1'), record])
  hvcC.writeUInt32BE(hvcC.length, 0)

  const av1C = boxAt(av1, 'av1C')
  const av1CSize = av1.readUInt32BE(av1C)
  const delta = hvcC.length - av1CSize
  const out = Buffer.concat([av1.subarray(0, av1C), hvcC, av1.subarray(av1C + av1CSize)])
  for (const parent of ['meta', 'iprp', 'ipco']) {
    const at = boxAt(out, parent)
    out.writeUInt32BE(out.readUInt32BE(at) + delta, at)
  }
  out.write('hvc1', boxAt(out, 'av01') + 4, 'latin1')
  for (let at = out.indexOf('avif', 0, 'latin1'); at >= 0; at = out.indexOf('avif', 0, 'latin1')) {
    out.write('heic', at, 'latin1')
  }
  shiftItemLocations(out, boxAt(out, 'iloc'), delta)
  return out
}

/** Moves every file offset in an `iloc` box (ISO/IEC 14496-12, 8.11.3) by `delta`. */
function shiftItemLocations(bytes: Buffer, iloc: number, delta: number) {
  let at = iloc + 8
  const version = bytes[at]
  at += 4
  const offsetSize = bytes[at] >> 4
  const lengthSize = bytes[at] & 0x0f
  const baseOffsetSize = bytes[at + 1] >> 4
  const indexSize = version > 0 ? bytes[at + 1] & 0x0f : 0
  at += 2
  const itemCount = version < 2 ? bytes.readUInt16BE(at) : bytes.readUInt32BE(at)
  at += version < 2 ? 2 : 4
  const shift = (size: number) => {
    if (size === 4) {
      bytes.writeUInt32BE(bytes.readUInt32BE(at) + delta, at)
    } else if (size === 8) {
      bytes.writeBigUInt64BE(bytes.readBigUInt64BE(at) + BigInt(delta), at)
    }
    at += size
  }
  for (let item = 0; item < itemCount; item++) {
    at += version < 2 ? 2 : 4 // item_ID
    at += version > 0 ? 2 : 0 // construction_method
    at += 2 // data_reference_index
    // With a base offset the extents are relative to it: shift only one of the two.
    const hasBase = baseOffsetSize > 0
    shift(baseOffsetSize)
    const extentCount = bytes.readUInt16BE(at)
    at += 2
    for (let extent = 0; extent < extentCount; extent++) {
      at += indexSize
      if (hasBase) {
        at += offsetSize
      } else {
        shift(offsetSize)
      }
      at += lengthSize
    }
  }
}
