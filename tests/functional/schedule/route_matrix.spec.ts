import { routeMatrix } from '#tests/helpers/route_matrix'
import { scheduleAccess } from '#tests/helpers/route_access/schedule'

routeMatrix(scheduleAccess)
