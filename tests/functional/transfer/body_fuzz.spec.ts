import { bodyFuzz } from '#tests/helpers/body_fuzz'
import { transferAccess } from '#tests/helpers/route_access/transfer'

bodyFuzz(transferAccess)
