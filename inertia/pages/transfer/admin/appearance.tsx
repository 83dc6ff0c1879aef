import { useState } from 'react'
import type { Data } from '~generated/data'
import { api, errorMessage } from '~/components/shared/api'
import { Field } from '~/components/shared/ui/field'
import { InlineStatus, type InlineState } from '~/components/shared/ui/inline_status'
import { Notice } from '~/components/shared/ui/notice'
import { Select } from '~/components/shared/ui/select'
import { AdminShell } from '~/components/transfer/admin_shell'
import { PageThemeEditor, type PageTheme } from '~/components/transfer/page_theme_editor'
import {
  ThemeMediaLibrary,
  type AppearanceLimits,
  type ThemeMediaItem,
} from '~/components/transfer/theme_media_library'

type Appearance = {
  pages: PageTheme[]
  transcode: { preset: string; presets: { name: string; label: string; description: string }[] }
  videos: { available: boolean; problem: string | null }
  limits: AppearanceLimits
}

type Props = {
  user: Data.Transfer.SessionUser | null
  media: ThemeMediaItem[]
  /** null for staff: only admins change how the public pages look. */
  appearance: Appearance | null
}

function TranscodePreset({ transcode }: { transcode: Appearance['transcode'] }) {
  const [preset, setPreset] = useState(transcode.preset)
  const [state, setState] = useState<InlineState>('idle')
  const [problem, setProblem] = useState<string | null>(null)
  const chosen = transcode.presets.find((entry) => entry.name === preset)

  async function choose(name: string) {
    setPreset(name)
    setState('saving')
    try {
      await api('POST', '/api/theme/settings/transcode', { preset: name })
      setState('saved')
    } catch (error) {
      setProblem(errorMessage(error))
      setState('error')
    }
  }

  return (
    <section className="ui-panel ui-stack" aria-labelledby="transcode-heading">
      <h2 id="transcode-heading">Video quality</h2>
      <div className="ui-cluster">
        <Field
          label="Transcoding preset"
          hint={`${chosen?.description ?? ''}. Applies to videos processed from now on; "Process again" remakes older ones.`}
        >
          <Select
            value={preset}
            onValueChange={(name) => void choose(name)}
            options={transcode.presets.map((entry) => ({ value: entry.name, label: entry.label }))}
          />
        </Field>
        <InlineStatus state={state} errorText={problem ?? undefined} />
      </div>
    </section>
  )
}

/** How the public pages look: the media library and each page's background. */
export default function AppearancePage({ user, media: initialMedia, appearance }: Props) {
  const [media, setMedia] = useState(initialMedia)
  return (
    <AdminShell
      user={user}
      section="appearance"
      title="Appearance"
      description="Backgrounds for the pages visitors see: the upload page, the share page and the staff sign-in."
    >
      {appearance ? (
        <div className="ui-stack ui-stack-loose">
          <ThemeMediaLibrary
            media={media}
            onChange={setMedia}
            limits={appearance.limits}
            videosProblem={appearance.videos.problem}
          />
          <PageThemeEditor pages={appearance.pages} media={media} />
          <TranscodePreset transcode={appearance.transcode} />
        </div>
      ) : (
        <Notice>Only admins change how the public pages look.</Notice>
      )}
    </AdminShell>
  )
}
