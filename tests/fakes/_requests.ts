import type { IncomingMessage } from 'node:http'

/** A request as the Resend and taskboard fakes record it, refused ones included. */
export type ReceivedRequest = {
  method: string
  path: string
  headers: Record<string, string>
  body: string
}

/** The whole body of a request, as text (the Resend, Twilio and taskboard fakes). */
export function readBody(request: IncomingMessage) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}
