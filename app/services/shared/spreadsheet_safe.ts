/*
 * A spreadsheet program runs a cell that starts with = + - @ (or a tab or a
 * carriage return that hides one) as a formula; a leading apostrophe keeps it
 * plain text (OWASP "CSV injection"). Every CSV export passes the text cells
 * that hold what someone typed (names, an email tried at sign-in, a user
 * agent) through this; numbers stay numbers (a negative longitude is not a
 * formula).
 */
const FORMULA_START = /^[=+\-@\t\r]/

export function spreadsheetSafe(value: string) {
  return FORMULA_START.test(value) ? `'${value}` : value
}
