import { useEffect, useState, type CSSProperties, type ReactNode } from 'react'
import { useMediaQuery } from '~/components/shared/ui/use_media_query'

/** A picture as `<picture>` takes it (GET /api/theme/public-config/:page). */
export type ThemePicture = {
  sources: { type: string; srcset: string }[]
  src: string
  width: number
  height: number
}

/** What a public page gets to draw its background: only ready media, by public address. */
export type PublicTheme = {
  page: string
  mode: 'plain' | 'image' | 'video' | 'slideshow'
  filters: { blur: number; brightness: number; grayscale: number }
  overlay: { color: string; opacity: number }
  textColor: string
  image: ThemePicture | null
  video: {
    sources: { type: string; src: string; width: number }[]
    poster: ThemePicture
  } | null
  slides: ThemePicture[]
}

const SLIDE_SECONDS = 8

function Picture({ picture, className }: { picture: ThemePicture; className?: string }) {
  return (
    <picture className={className}>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes="100vw" />
      ))}
      <img
        src={picture.src}
        alt=""
        width={picture.width}
        height={picture.height}
        decoding="async"
      />
    </picture>
  )
}

/** The browser asked for less data (Save-Data, or Chrome's "Lite" setting). */
function savesData() {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection
  return connection?.saveData === true
}

/**
 * Per format, the smallest video at least as wide as the screen's pixels
 * (the largest when none is): a phone never downloads the 1080p file.
 */
function videoSources(sources: NonNullable<PublicTheme['video']>['sources']) {
  const needed = window.innerWidth * (window.devicePixelRatio || 1)
  return ['video/webm', 'video/mp4'].flatMap((type) => {
    const sizes = sources.filter((source) => source.type === type).sort((a, b) => a.width - b.width)
    const fitting = sizes.find((source) => source.width >= needed) ?? sizes.at(-1)
    return fitting ? [fitting] : []
  })
}

/**
 * Waits for the page itself (its scripts, styles and first pictures) before
 * a background video starts downloading, so the form is usable first.
 */
function useAfterPageLoad(enabled: boolean) {
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    if (!enabled) {
      return
    }
    let idle = 0
    const start = () => {
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(() => setLoaded(true), { timeout: 2000 })
        : window.setTimeout(() => setLoaded(true), 200)
    }
    if (document.readyState === 'complete') {
      start()
    } else {
      window.addEventListener('load', start, { once: true })
    }
    return () => {
      window.removeEventListener('load', start)
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle)
      else window.clearTimeout(idle)
    }
  }, [enabled])
  return loaded
}

function Backdrop({ theme }: { theme: PublicTheme }) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)')
  const [lowData] = useState(() => typeof navigator !== 'undefined' && savesData())
  const moving = !reducedMotion && !lowData
  const videoWanted = theme.mode === 'video' && theme.video !== null && moving
  const pageLoaded = useAfterPageLoad(videoWanted)
  const [playing, setPlaying] = useState(false)
  const [slide, setSlide] = useState(0)

  useEffect(() => {
    if (theme.mode !== 'slideshow' || theme.slides.length < 2 || !moving) {
      return
    }
    const timer = window.setInterval(
      () => setSlide((current) => (current + 1) % theme.slides.length),
      SLIDE_SECONDS * 1000
    )
    return () => window.clearInterval(timer)
  }, [theme.mode, theme.slides.length, moving])

  const { blur, brightness, grayscale } = theme.filters
  const mediaStyle: CSSProperties = {
    filter: `blur(${blur}px) brightness(${brightness}%) grayscale(${grayscale}%)`,
    // A blurred edge shows the page behind it: a little larger hides it.
    transform: blur > 0 ? `scale(${1 + Math.min(blur, 40) / 200})` : undefined,
  }

  return (
    <div className="ui-backdrop" aria-hidden="true" data-theme-mode={theme.mode}>
      <div className="ui-backdrop-media" style={mediaStyle}>
        {theme.mode === 'image' && theme.image && <Picture picture={theme.image} />}
        {theme.mode === 'slideshow' &&
          theme.slides.map((picture, index) => (
            <Picture
              key={picture.src}
              picture={picture}
              className={index === slide ? 'ui-backdrop-slide is-current' : 'ui-backdrop-slide'}
            />
          ))}
        {theme.mode === 'video' && theme.video && (
          <>
            {/* The poster first (and only, with reduced motion or Save-Data). */}
            <Picture picture={theme.video.poster} />
            {videoWanted && pageLoaded && (
              <video
                className={playing ? 'ui-backdrop-video is-playing' : 'ui-backdrop-video'}
                autoPlay
                muted
                loop
                playsInline
                preload="auto"
                poster={theme.video.poster.src}
                onPlaying={() => setPlaying(true)}
              >
                {videoSources(theme.video.sources).map((source) => (
                  <source key={source.src} src={source.src} type={source.type} />
                ))}
              </video>
            )}
          </>
        )}
      </div>
      <div
        className="ui-backdrop-overlay"
        style={{ background: theme.overlay.color, opacity: theme.overlay.opacity / 100 }}
      />
    </div>
  )
}

/**
 * A public page's background: its picture, slideshow or video behind the
 * whole page under the overlay, with the page heading in the theme's text
 * colour. Plain (or nothing ready yet) leaves the page as it is.
 */
export function ThemeBackdrop({
  theme,
  children,
}: {
  theme: PublicTheme | null
  children: ReactNode
}) {
  if (!theme || theme.mode === 'plain') {
    return <>{children}</>
  }
  return (
    <div
      className="ui-backdrop-scope"
      style={{ '--ui-backdrop-text': theme.textColor } as CSSProperties}
    >
      <Backdrop theme={theme} />
      {children}
    </div>
  )
}

/** The same, for a page that reads its theme from the public API (the sign-in landing). */
export function RemoteThemeBackdrop({ page, children }: { page: string; children: ReactNode }) {
  const [theme, setTheme] = useState<PublicTheme | null>(null)
  useEffect(() => {
    let current = true
    fetch(`/api/theme/public-config/${page}`, { headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: PublicTheme | null) => current && setTheme(body))
      .catch(() => {})
    return () => {
      current = false
    }
  }, [page])
  return <ThemeBackdrop theme={theme}>{children}</ThemeBackdrop>
}

/**
 * The admin page's live preview of a theme: the chosen picture (a video's
 * poster) with the filters, the overlay and a line in the heading colour,
 * as they change, before anything is saved.
 */
export function ThemeBackdropPreview(props: {
  pictureUrl: string | null
  filters: PublicTheme['filters']
  overlay: PublicTheme['overlay']
  textColor: string
  text: string
}) {
  const picture = props.pictureUrl
    ? { sources: [], src: props.pictureUrl, width: 480, height: 270 }
    : null
  const theme: PublicTheme = {
    page: 'preview',
    mode: picture ? 'image' : 'plain',
    filters: props.filters,
    overlay: props.overlay,
    textColor: props.textColor,
    image: picture,
    video: null,
    slides: [],
  }
  return (
    <figure
      className="ui-backdrop-preview"
      style={{ '--ui-backdrop-text': props.textColor } as CSSProperties}
    >
      <Backdrop theme={theme} />
      <figcaption className="ui-backdrop-preview-text">{props.text}</figcaption>
    </figure>
  )
}
