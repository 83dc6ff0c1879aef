import { httpBasicsTests } from '#tests/helpers/http_basics'

httpBasicsTests('sso', 'message', '/login')
