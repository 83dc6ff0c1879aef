import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { Toast as RadixToast } from 'radix-ui'
import { classNames } from './class_names'
import { AlertIcon, CloseIcon, ErrorIcon, InfoIcon, SuccessIcon } from './icons'

type ToastKind = 'success' | 'error' | 'warning' | 'info'
type Message = { id: number; kind: ToastKind; text: string }

/** The same calls as the older toasts.tsx, plus success: pages switch by one import. */
export type Toaster = {
  success: (text: string) => void
  error: (text: string) => void
  warning: (text: string) => void
  info: (text: string) => void
}

const ToastContext = createContext<Toaster | null>(null)
let nextId = 1

const ICONS: Record<ToastKind, ReactNode> = {
  success: <SuccessIcon size={18} />,
  error: <ErrorIcon size={18} />,
  warning: <AlertIcon size={18} />,
  info: <InfoIcon size={18} />,
}

/** How long a message stays: errors until dismissed, the rest 8 s (paused on hover/focus). */
const DURATION: Record<ToastKind, number> = {
  success: 8000,
  error: Infinity,
  warning: 8000,
  info: 8000,
}

/**
 * Messages that must not go unseen, in one corner of the page (Radix Toast:
 * announced to screen readers, F8 jumps to them, swipe to dismiss). Prefer
 * InlineStatus next to the control for an ordinary save.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<Message[]>([])
  const push = useCallback((kind: ToastKind, text: string) => {
    const id = nextId++
    setMessages((current) => [...current.slice(-4), { id, kind, text }])
  }, [])
  const remove = useCallback((id: number) => {
    setMessages((current) => current.filter((message) => message.id !== id))
  }, [])
  const toaster = useMemo<Toaster>(
    () => ({
      success: (text) => push('success', text),
      error: (text) => push('error', text),
      warning: (text) => push('warning', text),
      info: (text) => push('info', text),
    }),
    [push]
  )
  return (
    <ToastContext.Provider value={toaster}>
      <RadixToast.Provider label="Notification">
        {children}
        {messages.map((message) => (
          <RadixToast.Root
            key={message.id}
            className={classNames('ui-toast', `ui-toast-${message.kind}`)}
            type={message.kind === 'error' ? 'foreground' : 'background'}
            duration={DURATION[message.kind]}
            onOpenChange={(open) => !open && remove(message.id)}
          >
            <span className="ui-toast-icon">{ICONS[message.kind]}</span>
            <RadixToast.Description className="ui-toast-text">
              {message.text}
            </RadixToast.Description>
            <RadixToast.Close className="ui-icon-button" aria-label="Dismiss">
              <CloseIcon size={16} />
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport className="ui-toast-viewport" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  )
}

export function useToast(): Toaster {
  const toaster = useContext(ToastContext)
  if (!toaster) {
    throw new Error('useToast needs a ToastProvider (AppShell provides one)')
  }
  return toaster
}
