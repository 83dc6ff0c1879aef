import { bodyFuzz } from '#tests/helpers/body_fuzz'
import { scheduleAccess } from '#tests/helpers/route_access/schedule'

bodyFuzz(scheduleAccess)
