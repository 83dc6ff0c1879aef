import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { Head } from '@inertiajs/react'
import type { Data } from '~generated/data'
import '~/components/sso/embed/embed.css'
import { embedApi } from '~/components/sso/embed/embed_api'
import {
  useParentChannel,
  useReportedHeight,
  type ParentMessage,
} from '~/components/sso/embed/parent_channel'
import { ProfileSection } from '~/components/sso/embed/profile_section'
import { SecuritySection } from '~/components/sso/embed/security_section'
import { Tabs } from '~/components/shared/ui/tabs'

type Section = 'profile' | 'security'

const SECTIONS: { id: Section; label: string }[] = [
  { id: 'profile', label: 'Profile' },
  { id: 'security', label: 'Security' },
]

/**
 * The account widget (GET /embed), framed by a connected app. It talks to
 * sso with its embed token and to the parent page with ax:* messages.
 */
type EmbedProps = {
  token: string
  section: Section
  tabs: boolean
  allowedOrigins: string[]
  appName: string
  profile: Data.Sso.WidgetProfile
  securityUrl: string
}

export default function Embed(props: EmbedProps) {
  const [section, setSection] = useState<Section>(props.section)
  const [profile, setProfile] = useState(props.profile)
  const [theme, setTheme] = useState<'light' | 'dark'>('light')
  const root = useRef<HTMLDivElement>(null)
  const call = useMemo(() => embedApi(props.token), [props.token])

  const onMessage = useCallback((message: ParentMessage) => setTheme(message.theme), [])
  const channel = useParentChannel(props.allowedOrigins, onMessage)
  const post = channel.post
  useReportedHeight(root, post)

  useLayoutEffect(() => {
    document.documentElement.classList.add('embed')
    document.documentElement.dataset.theme = theme
  }, [theme])

  useEffect(() => {
    post({ type: 'ax:ready' })
  }, [post])

  const profileSection = (
    <ProfileSection
      profile={profile}
      call={call}
      onSaved={(saved, user) => {
        setProfile(saved)
        post({ type: 'ax:profile-updated', user })
      }}
    />
  )
  const securitySection = (
    <SecuritySection
      twoFactorEnabled={profile.twoFactorEnabled}
      securityUrl={props.securityUrl}
      call={call}
      onPasswordChanged={() => post({ type: 'ax:password-changed' })}
    />
  )
  // Its own small frame inside someone else's page: no shell, the kit's parts.
  return (
    <div className="ui-root embed-root" ref={root}>
      <Head title="Your account" />
      {/* The frame's title names it for the parent page; inside, the one heading says what it is. */}
      <h1 className="ui-visually-hidden">Your account</h1>
      {props.tabs ? (
        <Tabs
          label="Account"
          value={section}
          onValueChange={(value) => setSection(value as Section)}
          items={SECTIONS.map((entry) => ({
            value: entry.id,
            label: entry.label,
            content: entry.id === 'profile' ? profileSection : securitySection,
          }))}
        />
      ) : section === 'profile' ? (
        profileSection
      ) : (
        securitySection
      )}
    </div>
  )
}
