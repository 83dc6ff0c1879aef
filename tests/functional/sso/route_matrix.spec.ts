import { routeMatrix } from '#tests/helpers/route_matrix'
import { ssoAccess } from '#tests/helpers/route_access/sso'

routeMatrix(ssoAccess)
