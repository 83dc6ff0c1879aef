/*
 * Every page of the three apps (their routes' GET pages, as the pages audits
 * in tests/browser/<app>/pages_audit.spec.ts visit them) and, for each, what
 * proves its data is on screen: a text from the demo data, never the page's
 * heading alone, which the shell could show before the data.
 */
import type { AppId } from '../../app/services/shared/app_profiles.ts'
import type { Proof } from './measure.ts'

export type BenchPage = {
  app: AppId
  /** The page's name in the table. */
  name: string
  path: string
  proof: Proof
  /** Visited without a session (a public page, or sso's signed-out forms). */
  signedOut?: boolean
}

/** Records of the demo data that some pages need (found through the apps' APIs). */
export type DemoRecords = {
  adminEmail: string
  /** transfer's address, which sso's apps page lists. */
  transferUrl: string
  /** transfer's share without a password, and its file's name. */
  transferShare: { path: string; fileName: string } | null
  /** A schedule project of the demo, its name and id. */
  project: { id: number; name: string } | null
  /** A public link of schedule's demo (a project), its path and what it shows. */
  scheduleShare: { path: string; name: string } | null
}

export function benchPages(records: DemoRecords): BenchPage[] {
  const admin = { text: records.adminEmail }
  const pages: BenchPage[] = [
    { app: 'sso', name: 'sign-in', path: '/login', proof: { text: 'Forgot' }, signedOut: true },
    {
      app: 'sso',
      name: 'register',
      path: '/register',
      proof: { text: 'Create an account' },
      signedOut: true,
    },
    {
      app: 'sso',
      name: 'forgot-password',
      path: '/forgot-password',
      proof: { text: 'Reset your password' },
      signedOut: true,
    },
    { app: 'sso', name: 'apps', path: '/', proof: { text: records.transferUrl } },
    { app: 'sso', name: 'profile', path: '/profile', proof: admin },
    { app: 'sso', name: 'security', path: '/security', proof: { text: 'Password' } },
    { app: 'sso', name: 'admin people', path: '/admin/people', proof: admin },
    { app: 'sso', name: 'admin apps', path: '/admin/apps', proof: { text: 'ak_' } },
    { app: 'sso', name: 'admin audit', path: '/admin/audit', proof: admin },

    {
      app: 'transfer',
      name: 'upload (public)',
      path: '/',
      proof: { text: 'Send us your files' },
      signedOut: true,
    },
    { app: 'transfer', name: 'uploads', path: '/admin', proof: { text: 'Union Chapel room tone' } },
    {
      app: 'transfer',
      name: 'shares',
      path: '/admin/shares',
      proof: { text: 'Stanage Edge recce' },
    },
    { app: 'transfer', name: 'download logs', path: '/admin/logs', proof: { text: 'Download' } },
    { app: 'transfer', name: 'users', path: '/admin/users', proof: admin },
    { app: 'transfer', name: 'settings', path: '/admin/settings', proof: { text: 'Site name' } },
    {
      app: 'transfer',
      name: 'backup',
      path: '/admin/backup',
      proof: { text: 'Uploads backed up' },
    },
    {
      app: 'transfer',
      name: 'email templates',
      path: '/admin/email-templates',
      proof: { text: 'Subject' },
    },
    {
      app: 'transfer',
      name: 'appearance',
      path: '/admin/appearance',
      proof: { text: 'Background' },
    },

    {
      app: 'schedule',
      name: 'calendar (projects)',
      path: '/calendar',
      proof: { text: 'Tour Documentary' },
    },
    {
      app: 'schedule',
      name: 'calendar (people month)',
      path: '/calendar?mode=people&view=month',
      proof: { selector: '[data-testid="people-grid"][data-ready="true"]' },
    },
    {
      app: 'schedule',
      name: 'directory: crew',
      path: '/directory',
      proof: { text: 'Aiko Tanaka' },
    },
    {
      app: 'schedule',
      name: 'directory: vendors',
      path: '/directory?tab=vendors',
      proof: { text: 'Lensworks Camera Hire' },
    },
    {
      app: 'schedule',
      name: 'directory: locations',
      path: '/directory?tab=locations',
      proof: { text: 'Studio Nine' },
    },
    {
      app: 'schedule',
      name: 'directory: clients',
      path: '/directory?tab=clients',
      proof: { text: 'Aurora Beverages' },
    },
    { app: 'schedule', name: 'conflicts', path: '/conflicts', proof: { text: 'Mark resolved' } },
    {
      app: 'schedule',
      name: 'trash',
      path: '/trash',
      proof: { text: 'Pixelfox Games – Pitch Reel' },
    },
    {
      app: 'schedule',
      name: 'settings (lists)',
      path: '/settings',
      proof: { text: 'Camera Operator' },
    },
    { app: 'schedule', name: 'admin', path: '/admin', proof: admin },
    { app: 'schedule', name: 'feedback', path: '/admin/feedback', proof: { text: 'Feedback' } },
    { app: 'schedule', name: 'messages', path: '/messages', proof: { text: 'Messages' } },
    {
      app: 'schedule',
      name: 'message templates',
      path: '/messages/templates',
      proof: { text: 'template' },
    },
    { app: 'schedule', name: 'message groups', path: '/messages/groups', proof: { text: 'group' } },
  ]
  if (records.transferShare) {
    pages.push({
      app: 'transfer',
      name: 'share (public)',
      path: records.transferShare.path,
      proof: { text: records.transferShare.fileName },
      signedOut: true,
    })
  }
  if (records.project) {
    pages.push({
      app: 'schedule',
      name: 'project',
      path: `/projects/${records.project.id}`,
      proof: { text: records.project.name },
    })
  }
  if (records.scheduleShare) {
    pages.push({
      app: 'schedule',
      name: 'share (public)',
      path: records.scheduleShare.path,
      proof: { text: records.scheduleShare.name },
      signedOut: true,
    })
  }
  return pages
}
