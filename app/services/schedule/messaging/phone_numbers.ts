import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max'

/**
 * A number as people type it ("(415) 555-0134", "+44 20 7946 0958") in
 * E.164, or null when it is not a valid number. The full metadata (`/max`)
 * checks the number plan, not only the length. Numbers without a country
 * code are read in `defaultCountry`.
 */
export function toE164(input: string | null | undefined, defaultCountry: CountryCode = 'US') {
  if (!input?.trim()) {
    return null
  }
  const parsed = parsePhoneNumberFromString(input.trim(), defaultCountry)
  return parsed?.isValid() ? parsed.number : null
}
