import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'

type ToastKind = 'error' | 'warning' | 'info'
type Toast = { id: number; kind: ToastKind; text: string }

type Toaster = {
  error: (text: string) => void
  warning: (text: string) => void
  info: (text: string) => void
}

const ToastContext = createContext<Toaster | null>(null)
let nextId = 1

/**
 * Messages that must not go unseen: a save that failed (and was put back), a
 * new double booking. Errors stay until dismissed; the others fade after 8 s.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id))
  }, [])
  const push = useCallback(
    (kind: ToastKind, text: string) => {
      const id = nextId++
      setToasts((current) => [...current.slice(-4), { id, kind, text }])
      if (kind !== 'error') {
        setTimeout(() => dismiss(id), 8000)
      }
    },
    [dismiss]
  )
  const toaster = useMemo<Toaster>(
    () => ({
      error: (text) => push('error', text),
      warning: (text) => push('warning', text),
      info: (text) => push('info', text),
    }),
    [push]
  )
  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <div className="sc-toasts" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`sc-toast sc-toast-${toast.kind}`}
            role={toast.kind === 'error' ? 'alert' : 'status'}
          >
            <span>{toast.text}</span>
            <button
              type="button"
              className="sc-toast-close"
              aria-label="Dismiss"
              onClick={() => dismiss(toast.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  )
}

export function useToast(): Toaster {
  const toaster = useContext(ToastContext)
  if (!toaster) {
    throw new Error('useToast needs a ToastProvider (ScheduleShell provides one)')
  }
  return toaster
}
