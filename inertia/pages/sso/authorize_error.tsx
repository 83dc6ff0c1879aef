import { Notice } from '~/components/shared/ui/notice'
import { AuthCard } from '~/components/sso/auth_card'

export default function AuthorizeError(props: { message: string }) {
  return (
    <AuthCard title="Sign-in request refused" heading="This sign-in request cannot continue">
      <Notice tone="danger">{props.message}</Notice>
      <p className="ui-muted">
        Go back to the application you came from and try again. If this keeps happening, its
        administrator must check how it is registered.
      </p>
    </AuthCard>
  )
}
