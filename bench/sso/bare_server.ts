/*
 * The yardstick: a bare Node http server that answers every request with a
 * fixed JSON body of the same size as validate-token's answer. Started as its
 * own process by run.ts; prints its port once listening.
 */
import { createServer } from 'node:http'

const body = process.argv[2] ?? '{"valid":true}'

const server = createServer((request, response) => {
  request.resume()
  request.on('end', () => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    })
    response.end(body)
  })
})

server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(typeof address === 'object' && address ? address.port : 0)
})

process.on('SIGTERM', () => server.close(() => process.exit(0)))
