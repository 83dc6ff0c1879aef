import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'

/*
 * What people may type into the three apps. PostgreSQL refuses U+0000 in
 * text (the request would end in a 500), the other C0 controls and DEL are
 * invisible and break the PDFs, exports and mails the text ends up in, and
 * a lone surrogate or a noncharacter is not text at all. Tab and line
 * breaks belong to multi-line fields (notes, messages, addresses); a name,
 * title or label is one line.
 */

/** C0 controls and DEL, except tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is its job
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
const TAB_OR_LINE_BREAK = /[\t\n\r]/
/** A carriage return only as the first half of CRLF. */
const BARE_CARRIAGE_RETURN = /\r(?!\n)/
const NONCHARACTER = /\p{Noncharacter_Code_Point}/u

export type TextProblem = { rule: string; message: string }

const CONTROL_CHARACTERS: TextProblem = {
  rule: 'controlCharacters',
  message: 'The {{ field }} field must not contain control characters',
}
const NOT_UNICODE: TextProblem = {
  rule: 'unicodeText',
  message: 'The {{ field }} field must be valid Unicode text',
}
const MORE_THAN_ONE_LINE: TextProblem = {
  rule: 'singleLine',
  message: 'The {{ field }} field must be a single line, without tabs or line breaks',
}

function unicodeProblem(value: string): TextProblem | null {
  return value.isWellFormed() && !NONCHARACTER.test(value) ? null : NOT_UNICODE
}

/** Why `value` is not acceptable single-line text, or null. */
export function singleLineProblem(value: string): TextProblem | null {
  if (CONTROL.test(value)) {
    return CONTROL_CHARACTERS
  }
  if (TAB_OR_LINE_BREAK.test(value)) {
    return MORE_THAN_ONE_LINE
  }
  return unicodeProblem(value)
}

/** Why `value` is not acceptable multi-line text (tabs, LF and CRLF allowed), or null. */
export function multiLineProblem(value: string): TextProblem | null {
  if (CONTROL.test(value) || BARE_CARRIAGE_RETURN.test(value)) {
    return CONTROL_CHARACTERS
  }
  return unicodeProblem(value)
}

/*
 * Passwords and other secrets are never shown or stored as text, and any
 * character a person chose is theirs to use, except NUL (C libraries such as
 * bcrypt stop reading at it, so everything after it would not count) and lone
 * surrogates (UTF-8 turns each into U+FFFD, so different secrets would hash
 * the same).
 */
export function secretProblem(value: string): TextProblem | null {
  if (value.includes('\u0000')) {
    return CONTROL_CHARACTERS
  }
  return value.isWellFormed() ? null : NOT_UNICODE
}

function textRule(problemOf: (value: string) => TextProblem | null) {
  return vine.createRule((value: unknown, _options: undefined, field: FieldContext) => {
    const problem = typeof value === 'string' ? problemOf(value) : null
    if (problem) {
      field.report(problem.message, problem.rule, field)
    }
  })
}

/** Names, titles, labels, search terms, tokens: one line of text. */
export const singleLineText = textRule(singleLineProblem)

/** Notes, descriptions, messages, addresses: lines of text, tabs allowed. */
export const multiLineText = textRule(multiLineProblem)

/** Passwords and secrets: anything but NUL and lone surrogates. */
export const secretText = textRule(secretProblem)

/** One line of text, trimmed: a name, a title, a label, a search. */
export const textLine = () => vine.string().trim().use(singleLineText())

/** Text over several lines, trimmed: a note, a description, a message, an address. */
export const textBlock = () => vine.string().trim().use(multiLineText())
