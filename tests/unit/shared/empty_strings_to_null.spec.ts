import { test } from '@japa/runner'
import { emptyStringsToNull } from '#middleware/shared/body_parser_middleware'

test.group('empty strings in a JSON body', () => {
  test('become null at every depth, in objects and arrays; other values stay', ({ assert }) => {
    const body = emptyStringsToNull({
      name: '',
      note: ' ',
      count: 0,
      flag: false,
      missing: null,
      tags: ['', 'a', ['', { deep: '' }]],
      nested: { value: '', kept: 'x' },
    })
    assert.deepEqual(body, {
      name: null,
      note: ' ',
      count: 0,
      flag: false,
      missing: null,
      tags: [null, 'a', [null, { deep: null }]],
      nested: { value: null, kept: 'x' },
    })
  })

  test('a body nested far deeper than the stack allows is walked without overflowing', ({
    assert,
  }) => {
    const depth = 200_000
    const body = JSON.parse(`${'['.repeat(depth)}""${']'.repeat(depth)}`)
    emptyStringsToNull(body)
    let innermost: unknown = body
    for (let level = 0; level < depth; level++) {
      innermost = (innermost as unknown[])[0]
    }
    assert.isNull(innermost)
  })
})
