import { useEffect, useMemo, useRef, type RefObject } from 'react'

export type WidgetMessage =
  | { type: 'ax:ready' }
  | { type: 'ax:resize'; height: number }
  | { type: 'ax:profile-updated'; user: unknown }
  | { type: 'ax:password-changed' }

export type ParentMessage = { type: 'ax:set-theme'; theme: 'dark' | 'light' }

/**
 * The parent page's origin, when the browser tells us and it is one of the
 * app's registered origins. Chromium lists the framing origins in
 * `ancestorOrigins`; other browsers give the parent's origin as referrer.
 */
function knownParentOrigin(allowedOrigins: string[]) {
  const ancestors = window.location.ancestorOrigins
  let candidate: string | null = ancestors && ancestors.length > 0 ? ancestors[0] : null
  if (!candidate && document.referrer) {
    try {
      candidate = new URL(document.referrer).origin
    } catch {
      candidate = null
    }
  }
  return candidate && allowedOrigins.includes(candidate) ? candidate : null
}

function isParentMessage(data: unknown): data is ParentMessage {
  if (typeof data !== 'object' || data === null) {
    return false
  }
  const message = data as Record<string, unknown>
  return message.type === 'ax:set-theme' && (message.theme === 'dark' || message.theme === 'light')
}

/**
 * Messages between the widget and the page that frames it. Every message is
 * posted with an explicit target origin, never '*': the parent's origin when
 * known, otherwise each registered origin in turn (the browser delivers only
 * to the one that matches, and frame-ancestors already limits who can frame
 * us). Incoming messages count only from the parent window at that origin.
 */
export function useParentChannel(
  allowedOrigins: string[],
  /** Keep it stable (useCallback): a new function re-subscribes. */
  onMessage: (message: ParentMessage) => void
) {
  const parentOrigin = useRef<string | null>(null)

  useEffect(() => {
    parentOrigin.current = knownParentOrigin(allowedOrigins)
    function receive(event: MessageEvent) {
      if (event.source !== window.parent || window.parent === window) {
        return
      }
      const trusted = parentOrigin.current
        ? event.origin === parentOrigin.current
        : allowedOrigins.includes(event.origin)
      if (!trusted || !isParentMessage(event.data)) {
        return
      }
      parentOrigin.current = event.origin
      onMessage(event.data)
    }
    window.addEventListener('message', receive)
    return () => window.removeEventListener('message', receive)
  }, [allowedOrigins, onMessage])

  return useMemo(
    () => ({
      post(message: WidgetMessage) {
        if (window.parent === window) {
          return
        }
        const targets = parentOrigin.current ? [parentOrigin.current] : allowedOrigins
        for (const origin of targets) {
          window.parent.postMessage(message, origin)
        }
      },
    }),
    [allowedOrigins]
  )
}

/** Reports the height of `element` to the parent whenever it changes. */
export function useReportedHeight(
  element: RefObject<HTMLElement | null>,
  post: (message: WidgetMessage) => void
) {
  useEffect(() => {
    const target = element.current
    if (!target) {
      return
    }
    let last = -1
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(target.getBoundingClientRect().height)
      if (height !== last) {
        last = height
        post({ type: 'ax:resize', height })
      }
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [element, post])
}
