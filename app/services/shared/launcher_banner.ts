import type { DemoDataResult, LocalStack, SeedResult } from './local_stack.ts'
import type { StackAddresses } from './stack_addresses.ts'

/** What the launchers' words depend on: which of the two runs, and where. */
export interface LaunchSetting {
  mode: 'development' | 'production'
  addresses: StackAddresses
  /** STACK_HOST as given (for the network warning). */
  stackHost?: string
  /** The storage folder as people should read it: `storage` or STACK_STORAGE's path. */
  storageLabel: string
}

const HEADLINES = {
  development: "The stack is running (development: pages from Vite's dev server, with hot reload):",
  production: 'The stack is running (the production build, NODE_ENV=production):',
}

/** What the launcher prints once the apps answer: where they are and how to sign in. */
export function launchBanner(
  setting: LaunchSetting,
  stack: LocalStack,
  seed: SeedResult,
  demo: DemoDataResult | null
) {
  const lines = [
    '',
    HEADLINES[setting.mode],
    `  sso       ${stack.url('sso')}`,
    `  transfer  ${stack.url('transfer')}/admin`,
    `  schedule  ${stack.url('schedule')}`,
    '',
  ]
  if (seed.seeded) {
    lines.push(
      'Demo sign-in (the password is shown only this once; write it down):',
      `  email     ${seed.admin.email}`,
      `  password  ${seed.admin.password}`,
      '',
      'Connected apps in sso:',
      ...seed.apps.map(
        (app) =>
          `  ${app.name.padEnd(9)} ${app.apiKey}  ${app.secretKey}  ${app.redirectUris.join(' ')}`
      )
    )
  } else {
    lines.push(
      `Demo sign-in: ${stack.options.adminEmail} with the password printed at the first start.`,
      `To start over with new demo data, stop the stack and delete ${setting.storageLabel}/postgres.`
    )
  }
  if (demo) {
    lines.push('', ...demoDataLines(demo))
  }
  if (setting.addresses.servesNetwork) {
    lines.push('', networkWarning(setting))
  }
  lines.push(
    '',
    'Mail (confirmation and reset links) is not sent: each message is a JSON file',
    `in ${setting.storageLabel}/outbox/<app>/. Set SMTP_HOST to send real mail.`,
    '',
    'Press Ctrl-C to stop.'
  )
  return lines.join('\n')
}

function demoDataLines({ schedule, transfer }: DemoDataResult) {
  const lines = ['Demo data (added on this first start only):']
  lines.push(
    'skipped' in schedule
      ? `  schedule  nothing added: ${schedule.skipped}`
      : `  schedule  ${schedule.companyName}: ${schedule.projects} projects around this week, ${schedule.crew} crew, ${schedule.vendors} vendors, ${schedule.clients} clients, ${schedule.openConflicts} double bookings to resolve`
  )
  if ('skipped' in transfer) {
    lines.push(`  transfer  nothing added: ${transfer.skipped}`)
    return lines
  }
  lines.push(`  transfer  ${transfer.uploads.length} uploads and ${transfer.shares.length} shares`)
  const passwordShare = transfer.shares.find((share) => share.password)
  if (passwordShare) {
    lines.push(
      `            "${passwordShare.fileName}": ${passwordShare.url}  password ${passwordShare.password}`
    )
  }
  return lines
}

/**
 * Said before the start and again under the addresses, so it is not scrolled
 * away. The production build marks its cookies Secure, which browsers keep
 * over https and on localhost only: from another machine over plain http
 * nobody can sign in.
 */
export function networkWarning(setting: LaunchSetting) {
  const lines = [
    `WARNING: STACK_HOST=${setting.stackHost}: the apps listen on ${setting.addresses.listen}, so other`,
  ]
  if (setting.mode === 'development') {
    lines.push('machines on this network can reach them, in dev mode (demo accounts, Vite).')
  } else {
    lines.push(
      'machines on this network can reach them (with the demo accounts). Their cookies are',
      'Secure, so browsers on other machines sign in only through https (a TLS proxy in',
      "front, as the README's Deployment section says), not over plain http."
    )
  }
  lines.push('Leave STACK_HOST unset to keep them on this machine.')
  return lines.join('\n')
}
