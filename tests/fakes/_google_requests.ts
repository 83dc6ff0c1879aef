import type { IncomingMessage } from 'node:http'

/** A request as the Google fakes record it (`received`), refused ones included. */
export interface ReceivedRequest {
  method: string
  path: string
  query: Record<string, string>
  /** Lower-case names; a repeated header's values joined with ', '. */
  headers: Record<string, string>
  /** The parsed JSON body, the raw text when it is not JSON, null when empty. */
  body: unknown
}

/** Reads a whole request of Google's JSON APIs into what a fake records, and its raw body. */
export async function readGoogleRequest(
  request: IncomingMessage
): Promise<{ entry: ReceivedRequest; text: string }> {
  const chunks: Buffer[] = []
  for await (const chunk of request) {
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  const url = new URL(request.url ?? '/', 'http://fake')
  const entry = {
    method: request.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(', ') : (value ?? ''),
      ])
    ),
    body: text ? (parseJson(text) ?? text) : null,
  }
  return { entry, text }
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
