import { httpBasicsTests } from '#tests/helpers/http_basics'

httpBasicsTests('transfer', 'error', '/')
