import { test } from '@japa/runner'
import vine, { errors } from '@vinejs/vine'
import { secretText, textBlock, textLine } from '#validators/shared/free_text'
import {
  MAX_DATABASE_ID,
  databaseId,
  databaseIdParam,
  keyedByDatabaseId,
} from '#validators/shared/ids'

const validator = vine.create({
  name: textLine().optional(),
  notes: textBlock().optional(),
  password: vine.string().use(secretText()).optional(),
  id: databaseId().optional(),
})

/** The rule that refused `data`, or null when it passed. */
async function refusal(data: Record<string, unknown>) {
  try {
    await validator.validate(data)
    return null
  } catch (error) {
    if (!(error instanceof errors.E_VALIDATION_ERROR)) {
      throw error
    }
    const [first] = error.messages as { field: string; rule: string }[]
    return `${first.field}:${first.rule}`
  }
}

const CONTROLS = [
  ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)),
  '\u007f',
].filter((character) => !'\t\n\r'.includes(character))

test.group('shared free text rules', () => {
  test('every C0 control but tab, LF and CR, and DEL, is refused everywhere', async ({
    assert,
  }) => {
    assert.lengthOf(CONTROLS, 30)
    for (const control of CONTROLS) {
      const label = `U+${control.charCodeAt(0).toString(16).padStart(4, '0')}`
      assert.equal(await refusal({ name: `a${control}b` }), 'name:controlCharacters', label)
      assert.equal(await refusal({ notes: `a${control}b` }), 'notes:controlCharacters', label)
    }
  })

  test('a single line refuses tabs and line breaks inside it, not around it', async ({
    assert,
  }) => {
    for (const value of ['a\tb', 'a\nb', 'a\r\nb', 'a\rb']) {
      assert.equal(await refusal({ name: value }), 'name:singleLine', JSON.stringify(value))
    }
    const { name } = await validator.validate({ name: '\n\t Ann Lee \r\n' })
    assert.equal(name, 'Ann Lee')
  })

  test('multi-line text keeps tabs, LF and CRLF; a bare CR is refused', async ({ assert }) => {
    const notes = 'Gate:\t4711\nAsk for Sam\r\nThanks'
    assert.deepEqual(await validator.validate({ notes }), { notes })
    assert.equal(await refusal({ notes: 'old mac\rline' }), 'notes:controlCharacters')
  })

  test('lone surrogates and noncharacters are not text', async ({ assert }) => {
    for (const value of ['a\ud800', '\udc00b', 'a\ufffe', 'a\uffff', 'a\ufdd0', 'a\u{10ffff}']) {
      assert.equal(await refusal({ name: value }), 'name:unicodeText', JSON.stringify(value))
      assert.equal(await refusal({ notes: value }), 'notes:unicodeText', JSON.stringify(value))
    }
  })

  test('any script, emoji, RTL text and typographic punctuation pass', async ({ assert }) => {
    for (const value of ['Zoë Ōta', '田中 太郎', 'שלום', '🎬 Crew 👩🏽‍💻', 'A – B “C” ‘D’ · E…']) {
      assert.isNull(await refusal({ name: value, notes: value }), value)
    }
  })

  test('a password keeps every character but NUL and lone surrogates', async ({ assert }) => {
    for (const password of ['tab\tline\nbell\u0007 del\u007f', '  spaces kept  ', 'пароль🔐']) {
      assert.deepEqual(await validator.validate({ password }), { password })
    }
    assert.equal(await refusal({ password: 'secret\u0000tail' }), 'password:controlCharacters')
    assert.equal(await refusal({ password: 'secret\ud800' }), 'password:unicodeText')
  })

  test('the message names the field', async ({ assert }) => {
    try {
      await validator.validate({ name: 'a\u0000' })
      assert.fail('accepted a NUL')
    } catch (error) {
      assert.deepEqual((error as InstanceType<typeof errors.E_VALIDATION_ERROR>).messages, [
        {
          field: 'name',
          rule: 'controlCharacters',
          message: 'The name field must not contain control characters',
        },
      ])
    }
  })
})

test.group('shared database id rules', () => {
  test('a body or query id is an integer from 1 to 2147483647', async ({ assert }) => {
    assert.equal(MAX_DATABASE_ID, 2 ** 31 - 1)
    for (const id of [1, 42, MAX_DATABASE_ID, '7']) {
      assert.isNull(await refusal({ id }), String(id))
    }
    for (const id of [0, -1, MAX_DATABASE_ID + 1, 1e20, '99999999999999999999']) {
      assert.equal(await refusal({ id }), 'id:range', String(id))
    }
    assert.equal(await refusal({ id: 1.5 }), 'id:withoutDecimals')
  })

  test('a URL param matches exactly the decimals 1 to 2147483647', ({ assert }) => {
    const { match, cast } = databaseIdParam()
    for (const id of ['1', '9', '10', '999999999', '1000000000', '2147483647', '2147483639']) {
      assert.isTrue(match.test(id), id)
      assert.equal(cast(id), Number(id))
    }
    for (const id of ['0', '01', '-1', '1.5', '1e3', 'abc', '', '2147483648', '2147483650']) {
      assert.isFalse(match.test(id), id)
    }
    for (const id of ['2147484000', '2200000000', '9999999999', '99999999999999999999']) {
      assert.isFalse(match.test(id), id)
    }
    // Every boundary between the pattern's alternatives, checked against the number itself.
    for (let step = 1; step <= 1e9; step *= 10) {
      for (const id of [MAX_DATABASE_ID - step, MAX_DATABASE_ID + step, step - 1, step, step * 2]) {
        assert.equal(match.test(String(id)), id >= 1 && id <= MAX_DATABASE_ID, String(id))
      }
    }
    for (let sample = 0; sample < 20_000; sample++) {
      const id = Math.floor(Math.random() * 2 ** 32)
      assert.equal(match.test(String(id)), id >= 1 && id <= MAX_DATABASE_ID, String(id))
    }
  })

  test('an object keyed by ids refuses any key that is not one', async ({ assert }) => {
    const calls = vine.create({ calls: keyedByDatabaseId(vine.string()) })
    assert.deepEqual(await calls.validate({ calls: { 1: 'a', 2147483647: 'b' } }), {
      calls: { 1: 'a', 2147483647: 'b' },
    })
    for (const key of ['abc', '0', '2147483648', '1.5', '']) {
      await assert.rejects(() => calls.validate({ calls: { [key]: 'a' } }))
    }
  })
})
