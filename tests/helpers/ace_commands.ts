import ace from '@adonisjs/core/services/ace'

/**
 * Runs an Ace command as an operator would; returns its exit code and
 * everything it printed. Groups that use it switch the UI to raw mode
 * (`ace.ui.switchMode('raw')`) so the logs are kept rather than printed.
 */
export async function runCommand(commandName: string, argv: string[] = []) {
  const command = await ace.exec(commandName, argv)
  const output = command.logger
    .getLogs()
    .map((log) => log.message)
    .join('\n')
  command.logger.flushLogs()
  return { exitCode: command.exitCode, output }
}
