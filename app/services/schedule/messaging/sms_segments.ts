/**
 * How many SMS parts a text costs. A text is sent in GSM-7 when every
 * character is in the GSM 03.38 alphabet (its extension table's characters
 * take two septets), otherwise in UCS-2: one curly quote or emoji turns a
 * 160-character text into three parts.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'
const GSM_EXTENDED = '^{}\\[~]|€\f'

const basic = new Set(GSM_BASIC)
const extended = new Set(GSM_EXTENDED)

export interface SmsLength {
  encoding: 'GSM-7' | 'UCS-2'
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number
  segments: number
  /** Units a single-part message of this encoding may hold. */
  perSegment: number
}

export function smsLength(text: string): SmsLength {
  let septets = 0
  for (const character of text) {
    if (basic.has(character)) {
      septets += 1
    } else if (extended.has(character)) {
      septets += 2
    } else {
      const units = text.length
      return {
        encoding: 'UCS-2',
        units,
        perSegment: 70,
        segments: units === 0 ? 0 : units <= 70 ? 1 : Math.ceil(units / 67),
      }
    }
  }
  return {
    encoding: 'GSM-7',
    units: septets,
    perSegment: 160,
    segments: septets === 0 ? 0 : septets <= 160 ? 1 : Math.ceil(septets / 153),
  }
}
