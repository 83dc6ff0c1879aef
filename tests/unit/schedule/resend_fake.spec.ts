import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from '@japa/runner'
import { Webhook } from 'standardwebhooks'
import { startResendFake, type ResendFake } from '#tests/fakes/resend'

/*
 * The Resend fake refuses what Resend refuses, and signs its events so that
 * a receiver built on the Standard Webhooks library accepts them (and no
 * other secret does). The app's own tests only show what the app sends.
 */

let resend: ResendFake

function sendEmail(body: unknown, key: string | null = resend.apiKey) {
  return fetch(`${resend.url}/emails`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
    },
    body: JSON.stringify(body),
  })
}

const EMAIL = { from: 'office@example.com', to: ['ana@example.com'], subject: 'Free?', text: 'Hi' }

test.group('Resend fake', (group) => {
  group.setup(async () => {
    resend = await startResendFake()
    return () => resend.close()
  })
  group.each.setup(() => resend.reset())

  test('no key is 401, a wrong key 403, a missing field 422; each as Resend answers', async ({
    assert,
  }) => {
    const none = await sendEmail(EMAIL, null)
    assert.equal(none.status, 401)
    assert.containsSubset(await none.json(), { name: 'missing_api_key' })
    const wrong = await sendEmail(EMAIL, 're_wrong')
    assert.equal(wrong.status, 403)
    assert.containsSubset(await wrong.json(), { name: 'invalid_api_key' })
    const noTo = await sendEmail({ ...EMAIL, to: [] })
    assert.equal(noTo.status, 422)
    assert.deepEqual(await noTo.json(), {
      statusCode: 422,
      name: 'validation_error',
      message: 'Missing `to` field.',
    })
    const noBody = await sendEmail({ ...EMAIL, text: undefined })
    assert.equal(noBody.status, 422)
    assert.lengthOf(resend.emails, 0)
    assert.lengthOf(resend.received, 4)
  })

  test('an accepted email gets an id; failures come one request at a time', async ({ assert }) => {
    resend.failNext(429)
    const limited = await sendEmail(EMAIL)
    assert.equal(limited.status, 429)
    assert.containsSubset(await limited.json(), { name: 'rate_limit_exceeded' })
    const sent = await sendEmail(EMAIL)
    assert.equal(sent.status, 200)
    const { id } = (await sent.json()) as { id: string }
    assert.equal(resend.emails[0].id, id)
    assert.deepEqual(resend.emails[0].to, ['ana@example.com'])
  })

  test('events are signed with its secret the Standard Webhooks way, under svix headers', async ({
    assert,
  }) => {
    const sent = await sendEmail(EMAIL)
    const { id } = (await sent.json()) as { id: string }
    const deliveries: { headers: Record<string, string>; body: string }[] = []
    const receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        deliveries.push({ headers: request.headers as Record<string, string>, body })
        response.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const port = (receiver.address() as AddressInfo).port
    try {
      const options = {
        url: 'https://app.example.com/hooks/mail',
        deliverTo: `http://127.0.0.1:${port}`,
      }
      await resend.sendEvent(id, 'email.delivered', options)
      await resend.sendEvent(id, 'email.bounced', { ...options, signWith: null })
    } finally {
      await new Promise((resolve) => receiver.close(resolve))
    }
    const [signed, unsigned] = deliveries
    const headers = {
      'webhook-id': signed.headers['svix-id'],
      'webhook-timestamp': signed.headers['svix-timestamp'],
      'webhook-signature': signed.headers['svix-signature'],
    }
    const event = new Webhook(resend.webhookSecret).verify(signed.body, headers) as {
      type: string
      data: { email_id: string }
    }
    assert.equal(event.type, 'email.delivered')
    assert.equal(event.data.email_id, id)
    const other = `whsec_${Buffer.from('another secret entirely').toString('base64')}`
    assert.throws(() => new Webhook(other).verify(signed.body, headers))
    assert.isUndefined(unsigned.headers['svix-signature'])
  })
})
