import { httpBasicsTests } from '#tests/helpers/http_basics'

httpBasicsTests('schedule', 'message', '/?auth_error=access_denied')
