import { test } from '@japa/runner'
import { smsLength } from '#services/schedule/messaging/sms_segments'
import {
  fillPlaceholders,
  unknownPlaceholders,
} from '#services/schedule/messaging/message_placeholders'
import { toE164 } from '#services/schedule/messaging/phone_numbers'
import { readInboundText } from '#services/schedule/messaging/reply_keywords'

test.group('messaging: SMS length', () => {
  test('plain text is GSM-7: 160 characters a single part, then 153 a part', ({ assert }) => {
    assert.deepEqual(smsLength('a'.repeat(160)), {
      encoding: 'GSM-7',
      units: 160,
      perSegment: 160,
      segments: 1,
    })
    assert.equal(smsLength('a'.repeat(161)).segments, 2)
    assert.equal(smsLength('a'.repeat(306)).segments, 2)
    assert.equal(smsLength('a'.repeat(307)).segments, 3)
    assert.equal(smsLength('').segments, 0)
  })

  test("GSM-7's extension characters take two septets each", ({ assert }) => {
    const text = `${'a'.repeat(158)}€`
    assert.deepEqual(
      { encoding: smsLength(text).encoding, units: smsLength(text).units },
      { encoding: 'GSM-7', units: 160 }
    )
    assert.equal(smsLength(`${'a'.repeat(159)}[`).segments, 2)
  })

  test('one curly quote or emoji switches to UCS-2: 70 a single part, then 67', ({ assert }) => {
    const curly = `Can you make it? It’s ${'a'.repeat(40)}`
    assert.equal(smsLength(curly).encoding, 'UCS-2')
    assert.equal(smsLength('’'.repeat(70)).segments, 1)
    assert.equal(smsLength('’'.repeat(71)).segments, 2)
    assert.equal(smsLength('’'.repeat(134)).segments, 2)
    assert.equal(smsLength('’'.repeat(135)).segments, 3)
    // An emoji is two UTF-16 units.
    assert.equal(smsLength('🎬').units, 2)
    // é is in GSM-7's table; á is not.
    assert.equal(smsLength('Café').encoding, 'GSM-7')
    assert.equal(smsLength('Adiós á').encoding, 'UCS-2')
  })
})

test.group('messaging: placeholders', () => {
  test('fills each placeholder; a missing value is empty, an unknown one stays', ({ assert }) => {
    const text =
      'Hi {firstName}, are you free for {project} on {dates}, call {callTime} at {location}? {answerLink} {nmae}'
    assert.equal(
      fillPlaceholders(text, {
        firstName: 'Ana',
        project: 'Night Shoot',
        dates: 'Tue 2 Mar',
        callTime: '06:30',
        answerLink: 'https://x/answer/1.abc',
      }),
      'Hi Ana, are you free for Night Shoot on Tue 2 Mar, call 06:30 at ? https://x/answer/1.abc {nmae}'
    )
    assert.deepEqual(unknownPlaceholders(text), ['nmae'])
  })
})

test.group('messaging: phone numbers', () => {
  test('numbers as people type them become E.164; invalid ones become null', ({ assert }) => {
    assert.equal(toE164('(415) 555-2671'), '+14155552671')
    assert.equal(toE164('+44 20 7946 0958'), '+442079460958')
    assert.equal(toE164('020 7946 0958', 'GB'), '+442079460958')
    assert.equal(toE164('07911 123456', 'GB'), '+447911123456')
    // Right length, but no such area code: the full metadata refuses it.
    assert.isNull(toE164('(111) 555-2671'))
    assert.isNull(toE164('12345'))
    assert.isNull(toE164(''))
    assert.isNull(toE164(null))
  })
})

test.group('messaging: inbound texts', () => {
  test('carrier keywords, whole text only, any case', ({ assert }) => {
    for (const keyword of ['STOP', 'stopall', 'Unsubscribe', 'CANCEL', 'end', 'QUIT']) {
      assert.deepEqual(readInboundText(` ${keyword} `).kind, 'opt-out', keyword)
    }
    assert.equal(readInboundText('start').kind, 'opt-in')
    assert.equal(readInboundText('HELP').kind, 'help')
    // "stop by at 6?" is a reply, not an opt-out.
    assert.equal(readInboundText('stop by at 6?').kind, 'reply')
  })

  test('yes, no and maybe in their common forms, with the rest as a note', ({ assert }) => {
    assert.deepEqual(readInboundText('YES'), { kind: 'answer', answer: 'available', note: null })
    assert.deepEqual(readInboundText('y'), { kind: 'answer', answer: 'available', note: null })
    assert.deepEqual(readInboundText('Yes!'), { kind: 'answer', answer: 'available', note: null })
    assert.deepEqual(readInboundText('yep, see you there'), {
      kind: 'answer',
      answer: 'available',
      note: 'see you there',
    })
    assert.deepEqual(readInboundText('No sorry, on another job'), {
      kind: 'answer',
      answer: 'unavailable',
      note: 'sorry, on another job',
    })
    assert.deepEqual(readInboundText('nope'), {
      kind: 'answer',
      answer: 'unavailable',
      note: null,
    })
    assert.deepEqual(readInboundText('not sure yet'), {
      kind: 'answer',
      answer: 'maybe',
      note: 'yet',
    })
    assert.equal(readInboundText('who is this?').kind, 'reply')
  })
})
