import { bodyFuzz } from '#tests/helpers/body_fuzz'
import { ssoAccess } from '#tests/helpers/route_access/sso'

bodyFuzz(ssoAccess)
