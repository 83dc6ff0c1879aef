import { Alert } from '~/components/shared/ui/alert'
import { AuthCard } from '~/components/sso/auth_card'

export default function AuthorizeError(props: { message: string }) {
  return (
    <AuthCard title="Sign-in request refused" heading="This sign-in request cannot continue">
      <Alert tone="danger">{props.message}</Alert>
      <p className="ui-muted">
        Go back to the application you came from and try again. If this keeps happening, its
        administrator must check how it is registered.
      </p>
    </AuthCard>
  )
}
