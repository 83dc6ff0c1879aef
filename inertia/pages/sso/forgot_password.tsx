import { CsrfField } from '~/components/shared/csrf_field'
import { Button, ButtonLink } from '~/components/shared/ui/button'
import { Field, TextInput } from '~/components/shared/ui/field'
import { AuthCard } from '~/components/sso/auth_card'
import { Notices, useFieldErrors } from '~/components/sso/notices'

export default function ForgotPassword(props: { throttled: string | null }) {
  const errorOf = useFieldErrors()
  return (
    <AuthCard
      title="Reset your password"
      description="We will email you a link to choose a new password."
      footer={
        <ButtonLink native variant="ghost" href="/login">
          Back to sign-in
        </ButtonLink>
      }
    >
      <Notices throttled={props.throttled} />
      <form method="post" action="/forgot-password" className="ui-stack">
        <CsrfField />
        <Field label="Email" error={errorOf('email')}>
          <TextInput name="email" required type="email" autoComplete="email" autoFocus />
        </Field>
        <Button type="submit">Send the link</Button>
      </form>
    </AuthCard>
  )
}
