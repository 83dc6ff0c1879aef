import { test } from '@japa/runner'
import { TerminalProgress } from '#services/shared/terminal/progress'

function target(isTTY: boolean) {
  const lines: string[] = []
  const written: string[] = []
  return {
    lines,
    written,
    stream: { isTTY, columns: 80, write: (text: string) => written.push(text) },
    line: (text: string) => lines.push(text),
  }
}

test.group('progress of long work', () => {
  test('without a terminal, a line at most every 10 % and one at the end', ({ assert }) => {
    const output = target(false)
    const progress = new TerminalProgress('Photos', 1000, output)
    for (let done = 0; done < 1000; done += 1) {
      progress.advance()
    }
    progress.finish()
    assert.deepEqual(output.lines, [
      'Photos: 1 of 1000 (0%)',
      'Photos: 100 of 1000 (10%)',
      'Photos: 200 of 1000 (20%)',
      'Photos: 300 of 1000 (30%)',
      'Photos: 400 of 1000 (40%)',
      'Photos: 500 of 1000 (50%)',
      'Photos: 600 of 1000 (60%)',
      'Photos: 700 of 1000 (70%)',
      'Photos: 800 of 1000 (80%)',
      'Photos: 900 of 1000 (90%)',
      'Photos: 1000 of 1000 (100%)',
    ])
    assert.deepEqual(output.written, [])
  })

  test('on a terminal, one bar redrawn in place and a new line when finished', ({ assert }) => {
    const output = target(true)
    const progress = new TerminalProgress('Upload', 4, output, (count) => `${count} MB`)
    progress.advance(2)
    progress.advance(2)
    progress.finish()
    progress.finish()
    assert.deepEqual(output.lines, [])
    assert.lengthOf(output.written, 3)
    assert.match(output.written[0], /^\rUpload \[#+-+\] 50% 2 MB of 4 MB/)
    assert.match(output.written[1], /^\rUpload \[#+\] 100% 4 MB of 4 MB/)
    assert.equal(output.written[2], '\n')
  })

  test('nothing to do is done at once', ({ assert }) => {
    const output = target(false)
    new TerminalProgress('Nothing', 0, output).update(0)
    assert.deepEqual(output.lines, ['Nothing: 0 of 0 (100%)'])
  })
})
