import sharp from 'sharp'

async function hevcHeic() {
  const av1 = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2563eb' } })
    .heif({ compression: 'av1' }).toBuffer()
  const at = (type: string) => av1.indexOf(type, 0, 'latin1') - 4
  // hvcC: a HEVCDecoderConfigurationRecord (version 1, Main profile) with no parameter sets.
  const record = Buffer.alloc(23)
  record[0] = 1
  record[1] = 0x01
  record.writeUInt32BE(0x60000000, 2)
  record[12] = 90
  record.writeUInt16BE(0xf000, 13)
  record[15] = 0xfc
  record[16] = 0xfd
  record[17] = 0xf8
  record[18] = 0xf8
  record[21] = 0x0f
  const hvcC = Buffer.concat([Buffer.from([0, 0, 0, 31]), Buffer.from('hvcC', 'latin1'), record])
  const av1C = at('av1C')
  const delta = hvcC.length - av1.readUInt32BE(av1C)
  const out = Buffer.concat([av1.subarray(0, av1C), hvcC, av1.subarray(av1C + av1.readUInt32BE(av1C))])
  for (const box of ['meta', 'iprp', 'ipco']) {
    const start = at(box)
    out.writeUInt32BE(out.readUInt32BE(start) + delta, start)
  }
  out.write('hvc1', at('av01') + 4, 'latin1')
  // iloc's offsets are from the file's start: the data moved by delta.
  let p = at('iloc') + 8
  const version = out[p]
  p += 4
  const offsetSize = out[p] >> 4, lengthSize = out[p] & 15, baseSize = out[p + 1] >> 4, indexSize = out[p+1] & 15
  p += 2
  const count = version < 2 ? out.readUInt16BE(p) : out.readUInt32BE(p)
  p += version < 2 ? 2 : 4
  const bump = (size: number) => { if (size === 4) out.writeUInt32BE(out.readUInt32BE(p) + delta, p); else if (size === 8) out.writeBigUInt64BE(out.readBigUInt64BE(p) + BigInt(delta), p); p += size }
  for (let i = 0; i < count; i++) {
    p += version < 2 ? 2 : 4
    if (version > 0) p += 2
    p += 2
    const hadBase = baseSize > 0
    bump(baseSize)
    const extents = out.readUInt16BE(p); p += 2
    for (let e = 0; e < extents; e++) {
      if (version > 0 && indexSize > 0) p += indexSize
      if (hadBase) p += offsetSize; else bump(offsetSize)
      p += lengthSize
    }
  }
  for (const k of ['avif']) { let j; while ((j = out.indexOf(k, 0, 'latin1')) >= 0) out.write('heic', j, 'latin1') }
  return out
}
const hevc = await hevcHeic()
try { const m = await sharp(hevc).metadata(); console.log(m.format, m.compression, m.width, m.height) } catch (e) { console.log('meta err', (e as Error).message.split('\n').pop()) }
try { await sharp(hevc).jpeg().toBuffer(); console.log('decoded?!') } catch (e) { console.log('decode err', (e as Error).message.split('\n').pop()) }
