import { routeMatrix } from '#tests/helpers/route_matrix'
import { transferAccess } from '#tests/helpers/route_access/transfer'

routeMatrix(transferAccess)
