import '@adonisjs/inertia/types'

import type React from 'react'
import type { Prettify } from '@adonisjs/core/types/common'

type ExtractProps<T> =
  T extends React.FC<infer Props>
    ? Prettify<Omit<Props, 'children'>>
    : T extends React.Component<infer Props>
      ? Prettify<Omit<Props, 'children'>>
      : never

declare module '@adonisjs/inertia/types' {
  export interface InertiaPages {
    'schedule/admin': ExtractProps<(typeof import('../../inertia/pages/schedule/admin.tsx'))['default']>
    'schedule/answer': ExtractProps<(typeof import('../../inertia/pages/schedule/answer.tsx'))['default']>
    'schedule/calendar': ExtractProps<(typeof import('../../inertia/pages/schedule/calendar.tsx'))['default']>
    'schedule/conflicts': ExtractProps<(typeof import('../../inertia/pages/schedule/conflicts.tsx'))['default']>
    'schedule/directory': ExtractProps<(typeof import('../../inertia/pages/schedule/directory.tsx'))['default']>
    'schedule/feedback': ExtractProps<(typeof import('../../inertia/pages/schedule/feedback.tsx'))['default']>
    'schedule/home': ExtractProps<(typeof import('../../inertia/pages/schedule/home.tsx'))['default']>
    'schedule/message_groups': ExtractProps<(typeof import('../../inertia/pages/schedule/message_groups.tsx'))['default']>
    'schedule/message_templates': ExtractProps<(typeof import('../../inertia/pages/schedule/message_templates.tsx'))['default']>
    'schedule/message': ExtractProps<(typeof import('../../inertia/pages/schedule/message.tsx'))['default']>
    'schedule/messages': ExtractProps<(typeof import('../../inertia/pages/schedule/messages.tsx'))['default']>
    'schedule/project': ExtractProps<(typeof import('../../inertia/pages/schedule/project.tsx'))['default']>
    'schedule/settings': ExtractProps<(typeof import('../../inertia/pages/schedule/settings.tsx'))['default']>
    'schedule/share': ExtractProps<(typeof import('../../inertia/pages/schedule/share.tsx'))['default']>
    'schedule/trash': ExtractProps<(typeof import('../../inertia/pages/schedule/trash.tsx'))['default']>
    'sso/account': ExtractProps<(typeof import('../../inertia/pages/sso/account.tsx'))['default']>
    'sso/admin/apps': ExtractProps<(typeof import('../../inertia/pages/sso/admin/apps.tsx'))['default']>
    'sso/admin/audit': ExtractProps<(typeof import('../../inertia/pages/sso/admin/audit.tsx'))['default']>
    'sso/admin/people': ExtractProps<(typeof import('../../inertia/pages/sso/admin/people.tsx'))['default']>
    'sso/authorize_error': ExtractProps<(typeof import('../../inertia/pages/sso/authorize_error.tsx'))['default']>
    'sso/design_system': ExtractProps<(typeof import('../../inertia/pages/sso/design_system.tsx'))['default']>
    'sso/embed_error': ExtractProps<(typeof import('../../inertia/pages/sso/embed_error.tsx'))['default']>
    'sso/embed': ExtractProps<(typeof import('../../inertia/pages/sso/embed.tsx'))['default']>
    'sso/forgot_password': ExtractProps<(typeof import('../../inertia/pages/sso/forgot_password.tsx'))['default']>
    'sso/home': ExtractProps<(typeof import('../../inertia/pages/sso/home.tsx'))['default']>
    'sso/register': ExtractProps<(typeof import('../../inertia/pages/sso/register.tsx'))['default']>
    'sso/reset_password': ExtractProps<(typeof import('../../inertia/pages/sso/reset_password.tsx'))['default']>
    'sso/security': ExtractProps<(typeof import('../../inertia/pages/sso/security.tsx'))['default']>
    'sso/sign_in': ExtractProps<(typeof import('../../inertia/pages/sso/sign_in.tsx'))['default']>
    'sso/two_factor': ExtractProps<(typeof import('../../inertia/pages/sso/two_factor.tsx'))['default']>
    'transfer/admin/appearance': ExtractProps<(typeof import('../../inertia/pages/transfer/admin/appearance.tsx'))['default']>
    'transfer/admin/backup': ExtractProps<(typeof import('../../inertia/pages/transfer/admin/backup.tsx'))['default']>
    'transfer/admin/email_templates': ExtractProps<(typeof import('../../inertia/pages/transfer/admin/email_templates.tsx'))['default']>
    'transfer/admin/logs': ExtractProps<(typeof import('../../inertia/pages/transfer/admin/logs.tsx'))['default']>
    'transfer/admin/settings': ExtractProps<(typeof import('../../inertia/pages/transfer/admin/settings.tsx'))['default']>
    'transfer/admin/shares': ExtractProps<(typeof import('../../inertia/pages/transfer/admin/shares.tsx'))['default']>
    'transfer/admin/uploads': ExtractProps<(typeof import('../../inertia/pages/transfer/admin/uploads.tsx'))['default']>
    'transfer/admin/users': ExtractProps<(typeof import('../../inertia/pages/transfer/admin/users.tsx'))['default']>
    'transfer/home': ExtractProps<(typeof import('../../inertia/pages/transfer/home.tsx'))['default']>
    'transfer/share': ExtractProps<(typeof import('../../inertia/pages/transfer/share.tsx'))['default']>
  }
}
