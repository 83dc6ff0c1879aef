import { readdir } from 'node:fs/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { seededRandom } from '#services/shared/seeded_random'
import { LARGE_JSON_BODY } from '#middleware/shared/body_parser_middleware'
import type { ApiClient, ApiRequest, ApiResponse } from '@japa/api-client'
import {
  type AppRoute,
  type Caller,
  appRoutes,
  inRolledBackTransaction,
  isApi,
  routeName,
  type RouteMatrix,
  unavailableByDesign,
} from '#tests/helpers/route_matrix'

/*
 * The fields an app's validators know, with a value each that their type
 * accepts, read from the compiled VineJS schemas (`toJSON()`): the router
 * cannot say what a route reads, its validators can.
 */

type SchemaNode = {
  type: string
  subtype?: string
  fieldName?: string
  properties?: SchemaNode[]
  groups?: { conditions: { schema: SchemaNode }[] }[]
  conditions?: { schema: SchemaNode }[]
  each?: SchemaNode
  schema?: SchemaNode
  validations?: { ruleFnId: string; name: string }[]
}

type Refs = Record<string, { options?: Record<string, unknown> }>

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

function choices(node: SchemaNode, refs: Refs): Json | undefined {
  for (const validation of node.validations ?? []) {
    const listed = refs[validation.ruleFnId]?.options?.choices
    if (Array.isArray(listed) && listed.length > 0) return listed[0] as Json
  }
  return undefined
}

function rule(node: SchemaNode, name: string) {
  return (node.validations ?? []).some((validation) => validation.name === name)
}

/** A value of the type `node` asks for (its first choice, an email, a date…). */
function sample(node: SchemaNode, refs: Refs): Json {
  switch (node.type) {
    case 'object':
      return Object.fromEntries(
        (node.properties ?? []).map((property) => [property.fieldName!, sample(property, refs)])
      )
    case 'array':
      return node.each ? [sample(node.each, refs)] : []
    case 'tuple':
      return (node.properties ?? []).map((property) => sample(property, refs))
    case 'record':
      return node.each ? { key: sample(node.each, refs) } : {}
    case 'union':
      return node.conditions?.[0] ? sample(node.conditions[0].schema, refs) : 'fuzz'
  }
  const listed = choices(node, refs)
  if (listed !== undefined) return listed
  switch (node.subtype) {
    case 'number':
      return 1
    case 'boolean':
      return true
    case 'date':
      return '2026-01-15'
    case 'any':
      return 'fuzz'
  }
  if (rule(node, 'email')) return 'fuzz@example.com'
  if (rule(node, 'url') || rule(node, 'activeUrl')) return 'https://example.com/fuzz'
  if (rule(node, 'uuid')) return '00000000-0000-4000-8000-000000000000'
  if (rule(node, 'hexCode')) return '#336699'
  return 'fuzz'
}

/** Every top-level field of the app's validators, with a sample value (the first seen wins). */
export async function validatorFields(appId: string): Promise<Record<string, Json>> {
  const fields: Record<string, Json> = {}
  for (const folder of [appId, 'shared']) {
    const directory = app.makePath('app/validators', folder)
    const listed = await readdir(directory).catch(() => [])
    const files = listed.filter((name) => name.endsWith('.ts'))
    for (const file of files) {
      const exported = await import(`#validators/${folder}/${file.replace(/\.ts$/, '')}`)
      for (const value of Object.values(exported)) {
        const compiled = (value as { toJSON?: () => { schema: SchemaNode; refs: Refs } })?.toJSON
        if (typeof compiled !== 'function') continue
        const { schema, refs } = compiled.call(value)
        const root = schema.schema ?? schema
        if (root.type !== 'object') continue
        for (const property of root.properties ?? []) {
          fields[property.fieldName!] ??= sample(property, refs)
        }
      }
    }
  }
  return fields
}

/* The cases. */

const CONTROL = '\u0000\u0001\u0007\b\u000b\u001b\u007f\u202e'
const LONG = 'x'.repeat(100_000)
const HUGE_ARRAY_LENGTH = 100_000
const DEPTH = 10_000

function mapLeaves(value: Json, leaf: (value: Json) => Json): Json {
  if (Array.isArray(value)) return value.map((item) => mapLeaves(item, leaf))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, mapLeaves(item, leaf)])
    )
  }
  return leaf(value)
}

function inflateArrays(value: Json): Json {
  if (Array.isArray(value)) {
    return Array.from({ length: HUGE_ARRAY_LENGTH }, () => value[0] ?? 1)
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, inflateArrays(item)])
    )
  }
  return value
}

function every(fields: string[], value: Json) {
  return Object.fromEntries(fields.map((field) => [field, value]))
}

function pick(fields: Record<string, Json>, names: string[]) {
  return Object.fromEntries(names.map((name) => [name, fields[name]]))
}

/** A raw JSON text: what JSON.stringify cannot make (a `__proto__` key, 10,000 levels). */
type Raw = { raw: string }

export type FuzzCase = { name: string; body: Json | Raw }

/**
 * The bodies sent to one JSON route: `known` are the fields its validator
 * named when it refused the wrong-type probe (all the app's fields when it
 * named none), `fields` the app's samples.
 */
function bodyCases(fields: Record<string, Json>, known: string[]): FuzzCase[] {
  const names = Object.keys(fields)
  const valid = pick(fields, known)
  const nested = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH)
  return [
    { name: 'every field a number', body: every(names, 2 ** 53) },
    { name: 'every field null', body: every(names, null) },
    { name: 'every field a boolean', body: every(names, false) },
    { name: 'every field an array', body: every(names, ['fuzz']) },
    { name: 'control characters in every string', body: mapLeaves(valid, controlled) },
    { name: '100,000-character strings', body: mapLeaves(valid, lengthened) },
    { name: '100,000-item arrays', body: inflateArrays(valid) },
    { name: `${DEPTH} levels of nesting`, body: { raw: `{"${known[0] ?? 'a'}":${nested}}` } },
    {
      name: 'unknown fields and __proto__',
      body: {
        raw: JSON.stringify({
          ...valid,
          unknownField: 'fuzz',
          constructor: { prototype: { isAdmin: true } },
        }).replace(/^\{/, '{"__proto__":{"isAdmin":true,"role":"admin"},'),
      },
    },
  ]
}

/*
 * Bodies the parser meets before any route code reads them: sent to a
 * seeded sample of routes (and to every route that parses its own body),
 * since each answer comes from the same parser.
 */
const PARSER_CASES: FuzzCase[] = [
  {
    name: `a body of ${DEPTH} nested arrays`,
    body: { raw: '['.repeat(DEPTH) + ']'.repeat(DEPTH) },
  },
  {
    name: 'a body that is a 100,000-item array',
    body: { raw: `[${'1,'.repeat(HUGE_ARRAY_LENGTH)}1]` },
  },
  { name: 'a body that is a string', body: { raw: '"fuzz"' } },
  { name: 'truncated JSON', body: { raw: '{"a":' } },
]

const PARSER_SAMPLE = 8

function parserSample(routes: AppRoute[]) {
  const own = routes.filter((route) => route.guards.includes(LARGE_JSON_BODY))
  const sampled = seededRandom(30).shuffled(routes).slice(0, PARSER_SAMPLE)
  return new Set([...own, ...sampled])
}

function controlled(value: Json) {
  return typeof value === 'string' ? `${value}${CONTROL}` : value
}

function lengthened(value: Json) {
  return typeof value === 'string' ? LONG : value
}

/** Query strings for a GET route: the same classes, in the forms a query string has. */
/*
 * Names most list routes read, for a route whose validator named none; a
 * query string of every field the app knows would pass Node's 16 KB limit
 * on a request's head, which answers before the app does.
 */
const COMMON_QUERY_NAMES = ['q', 'search', 'page', 'perPage', 'sort', 'order', 'from', 'to', 'date']

/** The app's field names in groups whose probe query fits well under that limit. */
function queryBatches(names: string[]) {
  const batches: string[][] = [[]]
  let length = 0
  for (const name of names) {
    if (length + name.length > 6_000) {
      batches.push([])
      length = 0
    }
    batches.at(-1)!.push(name)
    length += name.length + 8
  }
  return batches
}

function queryCases(known: string[]): { name: string; query: string }[] {
  const names = known.length > 0 ? known : COMMON_QUERY_NAMES
  const join = (make: (name: string) => string) => names.map(make).join('&')
  // Each case stays near 10 KB in all, under Node's limit on a request's head.
  const long = 'x'.repeat(Math.floor(10_000 / names.length))
  const nested = '[a]'.repeat(Math.min(200, Math.floor(1_400 / names.length)))
  return [
    {
      name: 'control characters',
      query: join((name) => `${name}=fuzz${encodeURIComponent(CONTROL)}`),
    },
    { name: 'long values', query: join((name) => `${name}=${long}`) },
    { name: 'repeated values', query: join((name) => `${name}=1&${name}=2`) },
    { name: 'nested values', query: join((name) => `${name}${encodeURIComponent(nested)}=1`) },
    { name: 'numbers out of range', query: join((name) => `${name}=1e400`) },
  ]
}

/* The checks. */

const STACK_FRAME = /\n\s+at |file:\/\/|node_modules|\/app\/[\w/]+\.(?:ts|js)\b/
/** What the runtime says of its own failures, which tells a caller how the server is built. */
const RUNTIME_MESSAGE = /call stack|heap out of memory|is not a function|Cannot read properties/i

function problem(route: AppRoute, response: ApiResponse, fuzz: RouteMatrix) {
  if (response.status() >= 500 && !unavailableByDesign(route, response, fuzz))
    return `${response.status()} ${response.text().slice(0, 120)}`
  if (STACK_FRAME.test(response.text())) return `a stack trace in the body (${response.status()})`
  if (RUNTIME_MESSAGE.test(response.text()))
    return `the runtime's own error message in the body (${response.status()}): ${response.text().slice(0, 120)}`
  return null
}

function withBody(request: ApiRequest, body: Json | Raw) {
  if (body !== null && typeof body === 'object' && 'raw' in body && typeof body.raw === 'string') {
    return request.unsafeJson(body.raw)
  }
  return request.json(body)
}

/** The fields a 422 names, by their top-level name (`items.0.name` → `items`). */
function namedFields(response: ApiResponse) {
  const errors = (response.body() as { errors?: unknown })?.errors
  if (!Array.isArray(errors)) return []
  return [
    ...new Set(
      errors.flatMap((error) =>
        typeof error?.field === 'string' ? [String(error.field).split('.')[0]] : []
      )
    ),
  ]
}

/**
 * Bad bodies and query strings at every route of the app: as the admin, or
 * anonymously on public routes. No case may answer a server error or show a
 * stack trace, and the app answers afterwards.
 */
export function bodyFuzz(fuzz: RouteMatrix) {
  test.group(`${fuzz.app} body fuzz`, (group) => {
    let admin: Caller
    let fields: Record<string, Json>
    group.setup(async () => {
      fields = await validatorFields(fuzz.app)
      const made = await fuzz.callers()
      admin = made.callers.admin
      return async () => {
        await made.forget()
      }
    })
    group.each.timeout(240_000)

    /* Each route at its placeholder URL, and at the URLs naming real keys the app gives. */
    const atUrls = (routes: AppRoute[]) =>
      routes.flatMap((route) =>
        [route.url, ...(fuzz.fuzzUrls?.[routeName(route)] ?? [])].map((url) => ({ route, url }))
      )

    const targets = () =>
      appRoutes().filter(
        (route) => !(routeName(route) in (fuzz.fuzzSkip ?? {})) && routeName(route) in fuzz.routes
      )

    function send(client: ApiClient, route: AppRoute, url: string) {
      const request = client
        .request(url, route.method)
        .redirects(0)
        .withCsrfToken()
        .header('accept', 'application/json')
      return fuzz.routes[routeName(route)] === 'public' ? request : admin(request)
    }

    test('bad bodies never answer a server error or a stack trace', async ({ client, assert }) => {
      const failures: string[] = []
      const routes = targets().filter((route) => route.method !== 'GET')
      assert.isAbove(routes.length, 0)
      const parserTargets = parserSample(routes)
      for (const { route, url } of atUrls(routes)) {
        const probe = await inRolledBackTransaction(() =>
          withBody(send(client, route, url), every(Object.keys(fields), {}))
        )
        const known = namedFields(probe)
        const outcomes = [{ name: 'every field an object', response: probe }]
        const cases = bodyCases(fields, known)
        if (parserTargets.has(route)) cases.push(...PARSER_CASES)
        for (const { name, body } of cases) {
          const response = await inRolledBackTransaction(() =>
            withBody(send(client, route, url), body)
          )
          outcomes.push({ name, response })
        }
        for (const { name, response } of outcomes) {
          const found = problem(route, response, fuzz)
          if (found) failures.push(`${route.method} ${url} [${name}]: ${found}`)
        }
      }
      assert.deepEqual(failures, [])
    })

    test('bad query strings never answer a server error or a stack trace', async ({
      client,
      assert,
    }) => {
      const failures: string[] = []
      const routes = targets().filter((route) => route.method === 'GET' && isApi(route))
      assert.isAbove(routes.length, 0)
      for (const { route, url } of atUrls(routes)) {
        const known = new Set<string>()
        for (const batch of queryBatches(Object.keys(fields))) {
          const probe = await inRolledBackTransaction(() =>
            send(client, route, `${url}?${batch.map((name) => `${name}[a]=1`).join('&')}`)
          )
          const found = problem(route, probe, fuzz)
          if (found) failures.push(`${route.method} ${url} [every field an object]: ${found}`)
          for (const field of namedFields(probe)) known.add(field)
        }
        for (const { name, query } of queryCases([...known])) {
          const response = await inRolledBackTransaction(() =>
            send(client, route, `${url}?${query}`)
          )
          const found = problem(route, response, fuzz)
          if (found) failures.push(`${route.method} ${url} [${name}]: ${found}`)
        }
      }
      assert.deepEqual(failures, [])
    })

    test('the app answers after the fuzz', async ({ client }) => {
      const response = await client.get(fuzz.alive)
      response.assertStatus(200)
    })
  })
}
