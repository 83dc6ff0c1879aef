import { defineConfig } from '@adonisjs/core/bodyparser'

const bodyParserConfig = defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: {
    convertEmptyStringsToNull: true,
    types: ['application/x-www-form-urlencoded'],
  },
  json: {
    convertEmptyStringsToNull: true,
    types: [
      'application/json',
      'application/json-patch+json',
      'application/vnd.api+json',
      'application/csp-report',
    ],
  },
  multipart: {
    autoProcess: true,
    convertEmptyStringsToNull: true,
    // transfer's theme media upload streams its file itself (up to 1 GB).
    processManually: ['/api/theme/media'],
    // schedule's location photos are up to 40 MB each (PHOTO_LIMITS).
    limit: '45mb',
    types: ['multipart/form-data'],
  },
})

export default bodyParserConfig
