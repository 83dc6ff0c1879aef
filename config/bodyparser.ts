import { defineConfig } from '@adonisjs/core/bodyparser'

const bodyParserConfig = defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: {
    convertEmptyStringsToNull: true,
    types: ['application/x-www-form-urlencoded'],
  },
  json: {
    // Done after parsing, in one pass (app/middleware/shared/body_parser_middleware.ts).
    convertEmptyStringsToNull: false,
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
    /*
     * Routes that stream their files themselves, each with its own limit:
     * transfer's theme media (up to 1 GB) and schedule's location photos
     * (45 MB a request, LocationPhotosController). Every other form keeps 20 MB.
     */
    processManually: ['/api/theme/media', '/api/locations/:id/photos'],
    limit: '20mb',
    types: ['multipart/form-data'],
  },
})

export default bodyParserConfig
