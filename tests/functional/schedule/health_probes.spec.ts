import { healthProbeTests } from '#tests/helpers/health_probes'

healthProbeTests('schedule')
