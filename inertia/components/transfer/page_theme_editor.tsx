import { useState } from 'react'
import { api, errorMessage, type FieldErrors, ApiError } from '~/components/shared/api'
import { Button } from '~/components/shared/ui/button'
import { Checkbox } from '~/components/shared/ui/checkbox'
import { Field, TextInput } from '~/components/shared/ui/field'
import { InlineStatus } from '~/components/shared/ui/inline_status'
import { SegmentedControl } from '~/components/shared/ui/segmented_control'
import { Select } from '~/components/shared/ui/select'
import { Tabs } from '~/components/shared/ui/tabs'
import { ThemeBackdropPreview } from '~/components/transfer/theme_backdrop'
import { PAGE_LABELS, type ThemeMediaItem } from '~/components/transfer/theme_media_library'

export type PageTheme = {
  page: string
  mode: 'plain' | 'image' | 'video' | 'slideshow'
  mediaIds: string[]
  blur: number
  brightness: number
  grayscale: number
  overlayColor: string
  overlayOpacity: number
  textColor: string
}

const MODES = [
  { value: 'plain', label: 'Plain' },
  { value: 'image', label: 'Picture' },
  { value: 'video', label: 'Video' },
  { value: 'slideshow', label: 'Slideshow' },
]

const NUMBERS = [
  { key: 'blur', label: 'Blur (px)', min: 0, max: 40 },
  { key: 'brightness', label: 'Brightness (%)', min: 20, max: 150 },
  { key: 'grayscale', label: 'Grayscale (%)', min: 0, max: 100 },
  { key: 'overlayOpacity', label: 'Overlay opacity (%)', min: 0, max: 95 },
] as const

function PageThemeForm({ initial, media }: { initial: PageTheme; media: ThemeMediaItem[] }) {
  const [theme, setTheme] = useState(initial)
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle')
  const [problem, setProblem] = useState<string | null>(null)
  const [fields, setFields] = useState<FieldErrors>({})
  const label = PAGE_LABELS[theme.page]
  const wanted = theme.mode === 'video' ? 'video' : 'image'
  const choices = media.filter((item) => item.kind === wanted && item.status !== 'failed')

  function change(patch: Partial<PageTheme>) {
    setTheme((current) => ({ ...current, ...patch }))
    setState('idle')
  }

  async function save() {
    setState('saving')
    setFields({})
    try {
      setTheme(await api<PageTheme>('POST', '/api/theme/settings/pages', theme))
      setState('saved')
    } catch (error) {
      setFields(error instanceof ApiError ? error.fields : {})
      setProblem(errorMessage(error, 'The theme could not be saved'))
      setState('error')
    }
  }

  return (
    <form
      className="ui-stack"
      aria-label={`${label} theme`}
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <SegmentedControl
        label="Background"
        value={theme.mode}
        onValueChange={(mode) => change({ mode: mode as PageTheme['mode'], mediaIds: [] })}
        options={MODES}
      />
      {theme.mode === 'slideshow' && (
        <fieldset className="ui-stack ui-stack-tight">
          <legend>Pictures in the slideshow</legend>
          {choices.length === 0 && <p className="ui-muted">Add pictures to the library first.</p>}
          {choices.map((item) => (
            <Checkbox
              key={item.id}
              label={item.name}
              checked={theme.mediaIds.includes(item.id)}
              onChange={(event) =>
                change({
                  mediaIds: event.target.checked
                    ? [...theme.mediaIds, item.id]
                    : theme.mediaIds.filter((id) => id !== item.id),
                })
              }
            />
          ))}
        </fieldset>
      )}
      {(theme.mode === 'image' || theme.mode === 'video') && (
        <Field
          label={theme.mode === 'video' ? 'Video' : 'Picture'}
          error={fields.mediaIds}
          hint={
            choices.length === 0
              ? `Add a ${theme.mode === 'video' ? 'video' : 'picture'} to the library first.`
              : 'Shown once it is processed.'
          }
        >
          <Select
            value={theme.mediaIds[0]}
            onValueChange={(id) => change({ mediaIds: [id] })}
            options={choices.map((item) => ({
              value: item.id,
              label: item.status === 'ready' ? item.name : `${item.name} (processing)`,
            }))}
          />
        </Field>
      )}
      {theme.mode !== 'plain' && (
        <>
          <div className="ui-form-grid">
            {NUMBERS.map((number) => (
              <Field key={number.key} label={number.label} error={fields[number.key]}>
                <TextInput
                  type="number"
                  inputMode="numeric"
                  min={number.min}
                  max={number.max}
                  value={theme[number.key]}
                  onChange={(event) => change({ [number.key]: Number(event.target.value) })}
                />
              </Field>
            ))}
            <Field label="Overlay colour" error={fields.overlayColor}>
              <TextInput
                type="color"
                value={theme.overlayColor}
                onChange={(event) => change({ overlayColor: event.target.value })}
              />
            </Field>
            <Field label="Heading colour" error={fields.textColor}>
              <TextInput
                type="color"
                value={theme.textColor}
                onChange={(event) => change({ textColor: event.target.value })}
              />
            </Field>
          </div>
          <ThemeBackdropPreview
            pictureUrl={media.find((item) => item.id === theme.mediaIds[0])?.thumbnailUrl ?? null}
            filters={theme}
            overlay={{ color: theme.overlayColor, opacity: theme.overlayOpacity }}
            textColor={theme.textColor}
            text={`${label}: how visitors see it`}
          />
        </>
      )}
      <div className="ui-cluster">
        <Button type="submit" loading={state === 'saving'}>
          Save {label.toLowerCase()}
        </Button>
        <InlineStatus
          state={state}
          savedText="Saved: visitors see it now"
          errorText={problem ?? undefined}
        />
      </div>
    </form>
  )
}

/** One tab per public page: its background, filters, overlay and heading colour, with a live preview. */
export function PageThemeEditor({ pages, media }: { pages: PageTheme[]; media: ThemeMediaItem[] }) {
  return (
    <section className="ui-panel ui-stack" aria-labelledby="page-themes-heading">
      <h2 id="page-themes-heading">Page backgrounds</h2>
      <Tabs
        label="Pages"
        defaultValue="upload"
        items={pages.map((page) => ({
          value: page.page,
          label: PAGE_LABELS[page.page],
          content: <PageThemeForm initial={page} media={media} />,
        }))}
      />
    </section>
  )
}
