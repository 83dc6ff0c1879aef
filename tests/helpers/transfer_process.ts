import { AppProcess } from '#tests/helpers/app_process'

/**
 * One transfer server as its own process (as production runs it: database
 * sessions, its own disk directory), which a test may kill and start again.
 */
export class TransferProcess extends AppProcess {
  constructor(name: string, extraEnv: Record<string, string> = {}) {
    super('transfer', name, extraEnv)
  }
}
